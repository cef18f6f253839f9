// `npm run build` (after the web): the server and the worker as plain JavaScript in dist/server, so a start
// loads two files instead of having tsx resolve and transform some 500 TypeScript modules on every boot
// (about 3 s of CPU each time; the browser journeys boot a server some thirty times). Packages stay in
// node_modules. The files the server finds next to its own module (the embedded database's thread and
// init scripts, the SQL migrations) are copied beside the bundle.
import { cpSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const OUT = path.join(ROOT, 'dist/server');
const DB = path.join(ROOT, 'src/server/platform/db');

rmSync(OUT, { recursive: true, force: true });
mkdirSync(OUT, { recursive: true });
await build({
  entryPoints: { main: 'src/server/main.ts', worker: 'src/server/worker.ts' },
  absWorkingDir: ROOT,
  outdir: OUT,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node22',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
for (const file of ['pglite-thread.mjs', 'pglite-init.mjs'])
  cpSync(path.join(DB, file), path.join(OUT, file));
cpSync(path.join(DB, 'migrations'), path.join(OUT, 'migrations'), { recursive: true });
console.log(`server built in ${path.relative(ROOT, OUT)}`);
