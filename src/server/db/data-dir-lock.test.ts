import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DataDirInUseError, lockDataDir } from './data-dir-lock';

const fresh = () => mkdtempSync(path.join(tmpdir(), 'vl-lock-'));

describe('embedded data directory lock', () => {
  it('is taken, and released on shutdown', () => {
    const dir = fresh();
    const release = lockDataDir(dir);
    expect(readFileSync(path.join(dir, 'verilead.pid'), 'utf8')).toBe(String(process.pid));
    release();
    expect(existsSync(path.join(dir, 'verilead.pid'))).toBe(false);
  });

  it('refuses a folder held by another live process, with a clear message', () => {
    const dir = fresh();
    writeFileSync(path.join(dir, 'verilead.pid'), String(process.ppid));
    expect(() => lockDataDir(dir)).toThrow(DataDirInUseError);
    expect(() => lockDataDir(dir)).toThrow(/already in use by another Verilead process \(pid \d+\)/);
  });

  it('takes over a lock left by a killed process', () => {
    const dir = fresh();
    writeFileSync(path.join(dir, 'verilead.pid'), '2147483646');
    const release = lockDataDir(dir);
    expect(readFileSync(path.join(dir, 'verilead.pid'), 'utf8')).toBe(String(process.pid));
    release();
  });
});
