// Creates a new embedded data directory (PGlite's initdb), run as a process of its own by
// pglite-remote.ts: initdb leaves ~150 MB of freed-but-kept allocator memory behind in the process
// that ran it (a worker thread that ends gives back its JavaScript heap, not that), and a process
// that exits gives back all of it. Plain JavaScript, started without the TypeScript loader.
//   node pglite-init.mjs <data dir>
import { PGlite } from '@electric-sql/pglite';

const dataDir = process.argv[2];
try {
  const pglite = new PGlite(dataDir);
  await pglite.waitReady;
  await pglite.close();
} catch (err) {
  process.stderr.write(`${err?.stack ?? err}\n`);
  process.exit(1);
}
