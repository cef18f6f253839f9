import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';

interface PgliteModules {
  pgliteWasmModule: WebAssembly.Module;
  initdbWasmModule: WebAssembly.Module;
}

let compiled: Promise<PgliteModules> | undefined;

/**
 * PGlite's WebAssembly modules, compiled once per process. PGlite compiles its 9 MB module on every
 * start; a process that opens many in-memory databases (the test suites open one per app) would pay a
 * fifth of each start again.
 */
export function pgliteModules(): Promise<PgliteModules> {
  compiled ??= (async () => {
    const dist = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
    const [pglite, initdb] = await Promise.all(
      ['pglite.wasm', 'initdb.wasm'].map(async (f) =>
        WebAssembly.compile(await readFile(path.join(dist, f))),
      ),
    );
    return { pgliteWasmModule: pglite, initdbWasmModule: initdb };
  })();
  return compiled;
}
