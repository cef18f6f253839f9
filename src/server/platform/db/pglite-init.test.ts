import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { RemotePglite } from './pglite-remote';

// A new embedded data directory is made by pglite-init.mjs in a process of its own, apart from its
// place. Here, what is refused before initdb runs; making one (and discarding a half-made one) is
// in tests/e2e/crash.e2e.ts, whose server boots on a new data directory anyway.
describe('a new data directory', () => {
  it('refuses a non-empty directory that is not a database, and leaves it as it was', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'verilead-pglite-'));
    try {
      mkdirSync(path.join(dir, 'other'));
      writeFileSync(path.join(dir, 'other', 'notes.txt'), 'not a database');
      const err = await RemotePglite.open(path.join(dir, 'other')).catch((e: Error) => e);
      expect((err as Error).message).toMatch(/could not create .*other/);
      expect(existsSync(path.join(dir, 'other', 'notes.txt'))).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('that cannot be created gives an error that names it', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'verilead-pglite-'));
    try {
      writeFileSync(path.join(dir, 'file'), 'not a directory');
      const err = await RemotePglite.open(path.join(dir, 'file', 'db')).catch((e: Error) => e);
      expect(err).toBeInstanceOf(Error);
      expect((err as Error).message).toContain(path.join(dir, 'file', 'db'));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
