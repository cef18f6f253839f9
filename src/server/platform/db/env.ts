import { envBool, envText, envUrl } from '../config/env-helpers';

// Where the data lives: PostgreSQL when DATABASE_URL is set, else the embedded database in DATA_DIR.
export const dbEnv = {
  DATA_DIR: envText('./data'),
  DATABASE_URL: envUrl(),
  // The embedded database in a thread of its own, so statements never block the server (decision 0006).
  EMBEDDED_DB_THREAD: envBool(true),
  // Its shared_buffers: PostgreSQL's 128MB stays resident once touched; 32MB keeps the server small.
  EMBEDDED_DB_SHARED_BUFFERS: envText('32MB', /^\d+(kB|MB|GB)$/),
};
