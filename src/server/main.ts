import { buildApp } from './app';
import { bootRuntime } from './boot';
import { ConfigError, loadConfig } from './config';
import { DataDirInUseError } from './db/data-dir-lock';

// `npm start`: web server + background workers + (by default) the embedded database, in one process.
async function main() {
  const config = loadConfig();
  const runtime = await bootRuntime(config, { work: config.RUN_WORKERS, schedule: true });
  const app = await buildApp(runtime, { logger: config.NODE_ENV !== 'test' || config.LOG_LEVEL !== 'info' });
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    runtime.log.info({ signal }, 'shutting down');
    await app.close().catch(() => {});
    await runtime.shutdown();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
  await app.listen({ port: config.PORT, host: config.HOST });
  const where = config.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `embedded database in ${config.dataDir}`;
  runtime.log.info(`Verilead is running at http://localhost:${config.PORT} on the ${where}`);
}

main().catch((err) => {
  if (err instanceof ConfigError || err instanceof DataDirInUseError) {
    console.error(err.message);
  } else {
    console.error('Verilead failed to start:', err);
  }
  process.exit(1);
});
