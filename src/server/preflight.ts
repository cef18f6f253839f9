import { ConfigError, loadConfig } from './platform/config';
import { assertDataDirFree, DataDirInUseError } from './platform/db/data-dir-lock';

// First step of `npm start`, before the web build: a bad configuration or a data directory already used
// by a running server is reported in a second, instead of after the build (and the build would replace
// the files the running server is serving). The server takes the real lock itself when it boots.
try {
  const config = loadConfig();
  if (!config.DATABASE_URL) assertDataDirFree(config.dataDir);
} catch (err) {
  if (err instanceof ConfigError || err instanceof DataDirInUseError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}
