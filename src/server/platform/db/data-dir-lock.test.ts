import { execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { assertDataDirFree, DataDirInUseError, lockDataDir } from './data-dir-lock';

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

  it.runIf(process.platform === 'linux')(
    'takes over a lock whose holder was killed but not yet reaped (a zombie)',
    async () => {
      // `sleep 0` exits at once; its parent execs into `sleep 5`, which never reaps it.
      const parent = spawn('sh', ['-c', 'sleep 0 & echo $!; exec sleep 5'], {
        stdio: ['ignore', 'pipe', 'ignore'],
      });
      const zombie = await new Promise<number>((resolve) =>
        parent.stdout.once('data', (b) => resolve(Number(String(b).trim()))),
      );
      try {
        for (let i = 0; i < 100 && !readFileSync(`/proc/${zombie}/stat`, 'utf8').includes(') Z'); i++)
          await new Promise((r) => setTimeout(r, 20));
        expect(readFileSync(`/proc/${zombie}/stat`, 'utf8')).toContain(') Z');
        const dir = fresh();
        writeFileSync(path.join(dir, 'verilead.pid'), String(zombie));
        const release = lockDataDir(dir);
        expect(readFileSync(path.join(dir, 'verilead.pid'), 'utf8')).toBe(String(process.pid));
        release();
      } finally {
        parent.kill('SIGKILL');
      }
    },
  );

  it('can be checked without being taken', () => {
    const dir = fresh();
    expect(() => assertDataDirFree(dir)).not.toThrow();
    expect(existsSync(path.join(dir, 'verilead.pid'))).toBe(false);
    writeFileSync(path.join(dir, 'verilead.pid'), String(process.ppid));
    expect(() => assertDataDirFree(dir)).toThrow(/already in use by another Verilead process/);
  });

  it('npm start refuses a folder in use before building anything, with the clear error', async () => {
    const dir = fresh();
    writeFileSync(path.join(dir, 'verilead.pid'), String(process.ppid));
    const tsx = path.resolve('node_modules/.bin/tsx');
    const result = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
      const env = { ...process.env, DATA_DIR: dir, DATABASE_URL: '' };
      const child = execFile(tsx, ['src/server/preflight.ts'], { env }, (_err, _out, stderr) =>
        resolve({ code: child.exitCode, stderr }),
      );
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`The embedded database in ${dir} is already in use`);
    expect(JSON.parse(readFileSync('package.json', 'utf8')).scripts.start).toMatch(
      /^tsx src\/server\/preflight\.ts && npm run build/,
    );
  });
});
