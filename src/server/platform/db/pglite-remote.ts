import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Worker } from 'node:worker_threads';
import { currentLane, type Lane } from './background';
import { LaneQueues } from './lane-queues';
import { type QueryOptions, type RemoteTransaction, type Results, rawOids } from './pglite-protocol';
import { initDataDir, startThread, toError } from './pglite-start';
import { WriteWatchers } from './write-watch';

// The embedded database (PGlite, PostgreSQL compiled to WebAssembly) runs each statement synchronously
// in the thread that owns it. In the server's thread it took ~60 % of that thread under load (the rest:
// HTTP, JSON, the SMTP engine), so requests waited for statements and statements for requests. Here it
// gets a thread of its own; this side is a drop-in for the parts of PGlite's API that drizzle and
// pg-boss's adapter use (query, exec, transaction, listen), and it decides the order statements run in:
//
// - One connection: a transaction (or `hold`) owns it from BEGIN to COMMIT; other callers' statements
//   wait in line and can never run inside it. A statement outside a transaction that fails or leaves one
//   open is rolled back in the database thread before the next one runs (pglite-thread.mjs).
// - Fair order: statements of background jobs (runInBackground) and of requests queue apart and take
//   turns, so a verification run neither starves the pages nor is starved by them.

interface Job {
  msg: Record<string, unknown>;
  resolve(value: unknown): void;
  reject(err: Error): void;
  /** Set on a request to take the connection for a session (transaction or hold). */
  acquire?: symbol;
  lane: Lane;
  /** Tables the statement writes (only while someone watches writes). */
  written?: string[];
  sentAt?: number;
}

/** Statements sent ahead to the database thread, so it never idles while this thread is busy. */
const WINDOW = 2;
export class RemotePglite {
  private readonly lanes = new LaneQueues<Job>();
  private held: Job[] = [];
  private holder: symbol | null = null;
  private inFlight = new Map<number, Job>();
  private nextId = 1;
  private failure: Error | null = null;
  private listeners = new Map<string, Set<(payload: string) => void>>();
  private failureHandlers: ((err: Error) => void)[] = [];
  private readonly writes = new WriteWatchers();
  private closing = false;

  private constructor(private readonly worker: Worker) {
    worker.on('message', (m: { id?: number; result?: unknown; error?: Record<string, unknown> } & object) => {
      if ('notify' in m) {
        const { notify, payload } = m as { notify: string; payload: string };
        for (const cb of this.listeners.get(notify) ?? []) cb(payload);
        return;
      }
      const job = this.inFlight.get(m.id as number);
      if (!job) return;
      this.inFlight.delete(m.id as number);
      this.lanes.account(job);
      this.writes.tell(job.written);
      if (m.error) job.reject(toError(m.error));
      else job.resolve(m.result);
      this.dispatch();
    });
    worker.on('error', (err) => this.fail(err));
    worker.on('exit', (code) => this.fail(new Error(`The embedded database thread exited (code ${code})`)));
  }

  /** Starts the database thread on `dataDir` (null: in memory; shared_buffers: decision 0006), ready. */
  static async open(dataDir: string | null, opts: { sharedBuffers?: string } = {}): Promise<RemotePglite> {
    if (dataDir && !existsSync(path.join(dataDir, 'PG_VERSION'))) await initDataDir(dataDir);
    return new RemotePglite(await startThread({ dataDir, sharedBuffers: opts.sharedBuffers }));
  }

  /**
   * `fn` hears of every statement that writes tables (their names, see write-watch.ts): when it is
   * queued, when it has run and, inside a transaction or held session, again when the session ends
   * (its COMMIT), so a cache can drop entries a write may change and refuse to keep a value that was
   * read while one was under way. Returns the function that stops it.
   */
  onWrite(fn: (tables: string[]) => void): () => void {
    return this.writes.add(fn);
  }

  /** Called once if the database thread dies (every pending and later statement fails). */
  onFailure(handler: (err: Error) => void) {
    this.failureHandlers.push(handler);
  }

  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.enqueue({
      op: 'query',
      text,
      params,
      rowMode: options?.rowMode,
      rawOids: rawOids(options?.parsers),
    });
  }

  exec(text: string): Promise<Results[]> {
    return this.enqueue({ op: 'exec', text });
  }

  /** BEGIN … COMMIT on the one connection; nobody else's statement runs in between. */
  async transaction<T>(fn: (tx: RemoteTransaction) => Promise<T>): Promise<T> {
    return this.hold(async (session) => {
      await session.exec('BEGIN');
      let done = false;
      const tx: RemoteTransaction = {
        query: (text, params, options) => session.query(text, params, options),
        exec: (text) => session.exec(text),
        async rollback() {
          await session.exec('ROLLBACK');
          done = true;
        },
        get closed() {
          return done;
        },
      };
      try {
        const result = await fn(tx);
        if (!done) await session.exec('COMMIT');
        done = true;
        return result;
      } catch (err) {
        if (!done) await session.exec('ROLLBACK').catch(() => {});
        done = true;
        throw err;
      }
    });
  }

  /** The connection for a sequence of statements of the caller's own (e.g. a migration's BEGIN/COMMIT). */
  async hold<T>(fn: (session: Omit<RemoteTransaction, 'rollback' | 'closed'>) => Promise<T>): Promise<T> {
    const token = Symbol('session');
    await new Promise((resolve, reject) =>
      this.schedule({ msg: {}, resolve, reject, acquire: token, lane: currentLane() }),
    );
    const sessionWrites = new Set<string>();
    const run = <R>(msg: Record<string, unknown>) => {
      if (this.holder !== token) return Promise.reject(new Error('The database session has ended'));
      const written = this.writes.tablesOf(msg.text);
      for (const t of written ?? []) sessionWrites.add(t);
      this.writes.tell(written);
      return new Promise<R>((resolve, reject) => {
        this.held.push({
          msg: { ...msg, session: true },
          resolve: resolve as (v: unknown) => void,
          reject,
          lane: currentLane(),
          written,
        });
        this.dispatch();
      });
    };
    try {
      return await fn({
        query: (text, params, options) =>
          run({ op: 'query', text, params, rowMode: options?.rowMode, rawOids: rawOids(options?.parsers) }),
        exec: (text) => run({ op: 'exec', text }),
      });
    } finally {
      this.writes.tell([...sessionWrites]);
      this.holder = null;
      for (const job of this.held.splice(0)) job.reject(new Error('The database session has ended'));
      this.dispatch();
    }
  }

  async listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>> {
    let set = this.listeners.get(channel);
    if (!set) {
      set = new Set();
      this.listeners.set(channel, set);
      await this.enqueue({ op: 'listen', channel });
    }
    set.add(callback);
    return async () => {
      set.delete(callback);
      if (set.size === 0 && this.listeners.get(channel) === set) {
        this.listeners.delete(channel);
        await this.enqueue({ op: 'unlisten', channel });
      }
    };
  }

  /** Bytes of the database's WebAssembly memory (its share of the process's resident memory, at most). */
  memory(): Promise<{ wasmBytes: number | null }> {
    return this.enqueue({ op: 'memory' });
  }

  private closed?: Promise<void>;
  /** Closes PGlite and ends the thread; calling it again waits for the same close (never a second one). */
  close(): Promise<void> {
    this.closed ??= (async () => {
      if (this.failure) return;
      await this.enqueue({ op: 'close' });
      this.closing = true;
      await this.worker.terminate();
    })();
    return this.closed;
  }

  private enqueue<R>(msg: Record<string, unknown>): Promise<R> {
    const written = this.writes.tablesOf(msg.text);
    this.writes.tell(written);
    return new Promise<R>((resolve, reject) =>
      this.schedule({ msg, resolve: resolve as (v: unknown) => void, reject, lane: currentLane(), written }),
    );
  }

  private schedule(job: Job) {
    if (this.failure) return job.reject(this.failure);
    this.lanes.push(job);
    this.dispatch();
  }

  /** Next job: the session holder's only while it holds the connection, else the lanes' turn. */
  private next(): Job | undefined {
    return this.holder ? this.held.shift() : this.lanes.next();
  }

  private dispatch() {
    while (!this.failure && this.inFlight.size < WINDOW) {
      const job = this.next();
      if (!job) return;
      if (job.acquire) {
        this.holder = job.acquire;
        job.resolve(undefined);
        continue;
      }
      const id = this.nextId++;
      job.sentAt = performance.now();
      this.inFlight.set(id, job);
      this.worker.postMessage({ ...job.msg, id });
    }
  }

  private fail(err: Error) {
    if (this.failure) return;
    this.failure = this.closing ? new Error('The embedded database is closed') : err;
    const pending = [...this.inFlight.values(), ...this.lanes.drain(), ...this.held];
    this.inFlight.clear();
    this.held = [];
    for (const job of pending) job.reject(this.failure);
    if (!this.closing) for (const h of this.failureHandlers) h(err);
  }
}
