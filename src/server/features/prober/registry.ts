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

// The process's probers: one verifier (one SMTP engine) per process, shared by every upload, lane and
// account: one queue and one set of connection slots per mail server, one DNS and catch-all memory.
// This is the one process-wide state of the engine, on purpose (decision 0940): a prober per job
// would open its own sessions to the same servers and break their limits. Kept per database and
// engine settings so that test suites with several worlds in one process each get theirs; in
// production there is exactly one. Emptied when the process closes them.
const probers = new Map<Database, Map<string, Verifier>>();
/** Probers whose process has begun to shut down: 'draining' (no new work), then 'closing'. */
const ending = new WeakMap<Verifier, 'draining' | 'closing'>();

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

export interface RegisteredProberDeps {
  config: Config;
  database: Database;
  logger: EngineLogger;
  /** Metrics hooks (the process's metrics); the first caller for a database and settings gives them. */
  observer?: EngineObserver;
  /** How the engine waits before trying our side again (the app's injected sleep; real time without). */
  sleep?: (ms: number) => Promise<void>;
  /** Fleet-wide parts (connection slots, shared knowledge), when the database provides them. */
  extend?: (options: VerifierOptions) => VerifierOptions;
}

/** The process's prober for this database and engine settings, created on first use. */
export function registeredProber(deps: RegisteredProberDeps): Verifier {
  const options = verifierOptionsFromEnv(deps.config);
  const key = JSON.stringify(options);
  let mine = probers.get(deps.database);
  if (!mine) {
    mine = new Map();
    probers.set(deps.database, mine);
  }
  let v = mine.get(key);
  if (!v) {
    const base: VerifierOptions = {
      ...options,
      logger: deps.logger,
      observer: deps.observer,
      sleep: deps.sleep,
    };
    v = createVerifier(deps.extend ? deps.extend(base) : base);
    mine.set(key, v);
  }
  return v;
}

const all = () => [...probers.values()].flatMap((m) => [...m.values()]);

/**
 * True once shutdown has begun closing this prober: what it hands back from then on (the addresses it
 * still held, answered "temporary failure" by the engine) is our shutdown, not the server's answer, so
 * callers keep those rows pending for the next run (decision 0007).
 */
export const isClosing = (v: Verifier): boolean => ending.get(v) === 'closing';

/** True once the process shuts down (draining or closing): lanes take no new batch and give theirs back. */
export const isShuttingDown = (v: Verifier): boolean => ending.has(v);

/**
 * Shutdown begins (boot.ts, before the job queue stops): lanes stop between batches and give theirs
 * back; what the probers answer meanwhile is still a real answer.
 */
export function drainProcessProbers(): void {
  for (const v of all()) if (!ending.has(v)) ending.set(v, 'draining');
}

/** Process shutdown: sessions say QUIT, pending addresses are handed back unjudged. */
export async function closeProcessProbers(): Promise<void> {
  const closing = all();
  probers.clear();
  for (const v of closing) ending.set(v, 'closing');
  await Promise.all(closing.map((v) => v.close()));
}
