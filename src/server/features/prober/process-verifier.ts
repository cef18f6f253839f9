import type { Config } from '../../platform/config';
import type { Database } from '../../platform/db/client';
import {
  createVerifier,
  type EngineLogger,
  type EngineObserver,
  type Verifier,
  type VerifierOptions,
  verifierOptionsFromEnv,
} from '../verification';

/**
 * One verifier (one SMTP prober) per process, shared by every upload, lane and account: one queue
 * and one set of connection slots per mail server, one DNS and catch-all memory. Keyed by the
 * engine's settings so that test suites with several worlds in one process each get theirs; in
 * production there is exactly one.
 */
const verifiers = new Map<string, Verifier>();
const databaseIds = new WeakMap<Database, number>();
let ids = 0;
const nextId = (d: Database) => {
  databaseIds.set(d, ++ids);
  return ids;
};
let observer: EngineObserver | undefined;

/** Metrics hooks for every verifier created from now on (set once at boot). */
export function setVerifierObserver(o: EngineObserver | undefined): void {
  observer = o;
}

/** Adapts a pino logger (or the job context's narrower one) to the engine's logger. */
export function engineLogger(log: {
  info(obj: unknown, msg?: string): void;
  error(obj: unknown, msg?: string): void;
  warn?(obj: unknown, msg?: string): void;
}): EngineLogger {
  return {
    info: (obj, msg) => log.info(obj, msg),
    warn: (obj, msg) => (log.warn ? log.warn(obj, msg) : log.error(obj, msg)),
    error: (obj, msg) => log.error(obj, msg),
  };
}

export interface ProcessVerifierDeps {
  config: Config;
  database: Database;
  logger: EngineLogger;
  /** How the engine waits before trying our side again (the app's injected sleep; real time without). */
  sleep?: (ms: number) => Promise<void>;
  /** Fleet-wide parts (connection slots, shared knowledge), when the database provides them. */
  extend?: (options: VerifierOptions) => VerifierOptions;
}

export function processVerifier(deps: ProcessVerifierDeps): Verifier {
  const options = verifierOptionsFromEnv(deps.config);
  // One per engine settings and database (test files start several apps in one process).
  const key = `${deps.database.kind}:${databaseIds.get(deps.database) ?? nextId(deps.database)}:${JSON.stringify(options)}`;
  let v = verifiers.get(key);
  if (!v) {
    const base: VerifierOptions = { ...options, logger: deps.logger, observer, sleep: deps.sleep };
    v = createVerifier(deps.extend ? deps.extend(base) : base);
    verifiers.set(key, v);
  }
  return v;
}

/** Verifiers the process has begun to close. */
const closing = new WeakSet<Verifier>();

/**
 * True once shutdown has begun closing this verifier: what it hands back from then on (the addresses it
 * still held, answered "temporary failure" by the engine) is our shutdown, not the server's answer, so
 * callers keep those rows pending for the next run (decision 0007).
 */
export const isClosing = (v: Verifier): boolean => closing.has(v);

/** Process shutdown: sessions say QUIT, pending addresses are handed back unjudged. */
export async function closeProcessVerifiers(): Promise<void> {
  const all = [...verifiers.values()];
  verifiers.clear();
  for (const v of all) closing.add(v);
  await Promise.all(all.map((v) => v.close()));
}
