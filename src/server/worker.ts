import { bootRuntime } from './boot';
import { ConfigError, loadConfig } from './platform/config';
import { setHeapGrowth } from './platform/heap';

// `npm run worker`: an extra process that only works background jobs, for scale-out on PostgreSQL.
async function main() {
  const config = loadConfig();
  setHeapGrowth(config.HEAP_GROWTH_PERCENT);
  if (!config.DATABASE_URL) {
    console.error(
      'npm run worker needs DATABASE_URL: the embedded database belongs to the `npm start` process, which already runs the workers.',
    );
    process.exit(1);
  }
  const runtime = await bootRuntime(config, { work: true, schedule: false });
  runtime.log.info({ pid: process.pid }, 'worker started');
  const stop = async () => {
    await runtime.shutdown();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
}

main().catch((err) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
