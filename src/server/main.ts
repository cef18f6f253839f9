import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { bootRuntime, type Runtime } from './boot';
import { ConfigError, loadConfig } from './platform/config';
import { DataDirInUseError } from './platform/db/data-dir-lock';
import { setHeapGrowth } from './platform/heap';

// `npm start`: web server + background workers + (by default) the embedded database, in one process.
async function main() {
  const config = loadConfig();
  setHeapGrowth(config.HEAP_GROWTH_PERCENT);
  let runtime: Runtime | undefined;
  let app: FastifyInstance | undefined;
  let stopRequested = false;
  let stopping = false;

  const stop = async (signal: string) => {
    // A signal during boot is honoured once boot finishes: aborting PGlite mid-start corrupts nothing
    // only if we let it reach a consistent state first.
    stopRequested = true;
    if (!runtime || stopping) return;
    // One shutdown: a second signal (Ctrl-C reaches us from the terminal and again through tsx) waits.
    stopping = true;
    runtime.log.info({ signal }, 'shutting down');
    await app?.close().catch(() => {});
    await runtime.shutdown();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  runtime = await bootRuntime(config, { work: config.RUN_WORKERS, schedule: true });
  if (stopRequested) return stop('signal during boot');
  app = await buildApp(runtime, { logger: config.LOG_LEVEL !== 'silent' });
  await app.listen({ port: config.PORT, host: config.HOST });
  const where = config.DATABASE_URL
    ? 'PostgreSQL (DATABASE_URL)'
    : `the embedded database in ${config.dataDir}`;
  runtime.log.info(`Verilead is running at http://localhost:${config.PORT} on ${where}`);
}

main().catch((err) => {
  if (err instanceof ConfigError || err instanceof DataDirInUseError) {
    console.error(err.message);
  } else {
    console.error('Verilead failed to start:', err);
  }
  process.exit(1);
});
