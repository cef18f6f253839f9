// The embedded database's own thread (see pglite-remote.ts). Plain JavaScript so that it loads the same
// way under tsx, vitest and plain node. Messages are handled strictly one after another, in the order
// the main thread sent them: the main thread decides that order (and so who holds the connection).
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

const identity = (v) => v;
// PostgreSQL's default 128 MB of shared buffers is touched at start and stays resident (measured: a
// reopened data directory at 292 MB RSS with it, 191 MB with 32 MB). Pages beyond the buffers are
// read from the data directory's files, which the OS caches outside this process.
// The size comes from the config (EMBEDDED_DB_SHARED_BUFFERS) through workerData.
const SHARED_BUFFERS = workerData.sharedBuffers || '32MB';
const options = { startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${SHARED_BUFFERS}`] };
const pglite = workerData.dataDir ? new PGlite(workerData.dataDir, options) : new PGlite(options);
const unlisteners = new Map();

/** A database error as plain data (code, detail, constraint... survive the trip). */
function serializeError(err) {
  const out = { message: String(err?.message ?? err), name: err?.name ?? 'Error' };
  if (err && typeof err === 'object') {
    for (const [k, v] of Object.entries(err)) {
      if (v === null || ['string', 'number', 'boolean'].includes(typeof v)) out[k] = v;
    }
  }
  return out;
}

const plain = (r) => ({ rows: r.rows, fields: r.fields, affectedRows: r.affectedRows });

async function handle(m) {
  switch (m.op) {
    case 'query': {
      // Only identity parsers cross the thread (drizzle keeps timestamps as text): the caller says
      // which type oids to leave unparsed.
      const parsers = Object.fromEntries((m.rawOids ?? []).map((oid) => [oid, identity]));
      return plain(await pglite.query(m.text, m.params, { rowMode: m.rowMode, parsers }));
    }
    case 'exec':
      return (await pglite.exec(m.text)).map(plain);
    case 'listen': {
      if (!unlisteners.has(m.channel)) {
        const off = await pglite.listen(m.channel, (payload) =>
          parentPort.postMessage({ notify: m.channel, payload }),
        );
        unlisteners.set(m.channel, off);
      }
      return null;
    }
    case 'unlisten': {
      await unlisteners.get(m.channel)?.();
      unlisteners.delete(m.channel);
      return null;
    }
    case 'memory':
      return { wasmBytes: (pglite.mod ?? pglite.Module)?.HEAPU8?.length ?? null };
    case 'close':
      await pglite.close();
      return null;
    default:
      throw new Error(`unknown operation ${m.op}`);
  }
}

/**
 * A statement outside a held session (a transaction) must never leave the connection inside a
 * transaction for the next caller: an aborted or unfinished one is rolled back here, at once.
 */
async function settle(m, failed) {
  if (m.session || m.op === 'close' || !pglite.isInTransaction()) return null;
  await pglite.exec('ROLLBACK');
  return failed ? null : 'the statement left a transaction open; it was rolled back (use transaction())';
}

let chain = Promise.resolve();
parentPort.on('message', (m) => {
  chain = chain.then(async () => {
    try {
      const result = await handle(m);
      const problem = await settle(m, false);
      if (problem) parentPort.postMessage({ id: m.id, error: { message: problem, name: 'Error' } });
      else parentPort.postMessage({ id: m.id, result });
    } catch (err) {
      await settle(m, true).catch(() => {});
      parentPort.postMessage({ id: m.id, error: serializeError(err) });
    }
  });
});

pglite.waitReady.then(
  () => parentPort.postMessage({ ready: true }),
  (err) => parentPort.postMessage({ ready: false, error: serializeError(err) }),
);
