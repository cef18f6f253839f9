import { parseArgs } from 'node:util';
import { createResetLink, findUserByLogin } from '../server/features/account';
import { ConfigError, loadConfig } from '../server/platform/config';
import { type Database, openDatabase } from '../server/platform/db/client';
import { DataDirInUseError, lockDataDir } from '../server/platform/db/data-dir-lock';
import { migrate } from '../server/platform/db/migrate';

// The operator's way to reset a password when the server sends no mail (no SMTP_RELAY_URL): prints a
// single-use link for the account, to hand to its owner over a channel the operator trusts.
const USAGE = `usage: npm run reset-link -- USERNAME_OR_EMAIL [--minutes N]

Prints a single-use link that lets the account's owner choose a new password. It expires after
--minutes (default PASSWORD_RESET_TTL_MINUTES) and is built on PUBLIC_URL (else http://localhost:PORT).
Reads DATABASE_URL or DATA_DIR like the server; with the embedded database, stop the server first.`;

function fail(message: string, code = 2): never {
  process.stderr.write(`reset-link: ${message}\n\n${USAGE}\n`);
  process.exit(code);
}

async function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { minutes: { type: 'string' }, help: { type: 'boolean' } },
  });
  if (values.help) return void process.stdout.write(`${USAGE}\n`);
  const login = positionals[0];
  if (!login) fail('missing USERNAME_OR_EMAIL');
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    fail(err instanceof ConfigError ? err.message : String(err));
  }
  const minutes = Number(values.minutes ?? config.PASSWORD_RESET_TTL_MINUTES);
  if (!Number.isInteger(minutes) || minutes < 1 || minutes > 7 * 24 * 60)
    fail('--minutes must be 1 to 10080');
  let release = () => {};
  let database: Database;
  if (config.DATABASE_URL) {
    database = await openDatabase({ kind: 'postgres', url: config.DATABASE_URL });
  } else {
    try {
      release = lockDataDir(config.dataDir);
    } catch (err) {
      if (err instanceof DataDirInUseError)
        fail(`${err.message}\nStop the server, run this again, then start it.`, 1);
      throw err;
    }
    database = await openDatabase({ kind: 'pglite', dataDir: config.dataDir, thread: 'caller' });
  }
  try {
    await migrate(database);
    const user = await findUserByLogin(database.db, login);
    if (!user) fail(`no account has the username or email "${login}"`, 1);
    const origin = (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/+$/, '');
    const { link, expiresAt } = await createResetLink({
      db: database.db,
      userId: user.id,
      origin,
      now: new Date(),
      ttlMinutes: minutes,
    });
    process.stdout.write(
      `Password reset link for ${user.username} <${user.email}>, valid once until ${expiresAt.toISOString()}:\n${link}\n`,
    );
  } finally {
    await database.close();
    release();
  }
}

main().catch((err) => {
  process.stderr.write(`reset-link: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
