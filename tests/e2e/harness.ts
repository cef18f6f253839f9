import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium } from 'playwright-core';

// End-to-end helpers: the real server as a child process on a fresh data directory, and Debian's Chromium
// driven by playwright-core. The server serves the built SPA from dist/web (`npm run test:e2e` builds it).

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const TSX = path.join(REPO_ROOT, 'node_modules/.bin/tsx');
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export interface ServerHandle {
  port: number;
  baseUrl: string;
  dataDir: string;
  env: Record<string, string>;
  proc: ChildProcess;
  /** Everything the server printed, for failure messages. */
  output: () => string;
}

export interface StartOptions {
  env?: Record<string, string>;
  /** Reuse a data directory (restart); a fresh temporary one otherwise. */
  dataDir?: string;
  port?: number;
  timeoutMs?: number;
}

export async function startServer(opts: StartOptions = {}): Promise<ServerHandle> {
  if (!existsSync(path.join(REPO_ROOT, 'dist/web/index.html'))) {
    throw new Error('dist/web is missing: run `npm run build` first (`npm run test:e2e` does it).');
  }
  const dataDir = opts.dataDir ?? mkdtempSync(path.join(os.tmpdir(), 'verilead-e2e-'));
  const port = opts.port ?? (await freePort());
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    NODE_ENV: 'test',
    ...opts.env,
  };
  const proc = spawn(TSX, ['src/server/main.ts'], { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  const append = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000);
  };
  proc.stdout?.on('data', append);
  proc.stderr?.on('data', append);
  const handle: ServerHandle = {
    port,
    baseUrl: `http://127.0.0.1:${port}`,
    dataDir,
    env: opts.env ?? {},
    proc,
    output: () => log,
  };
  await waitForHealth(handle, opts.timeoutMs ?? 60_000);
  return handle;
}

async function waitForHealth(server: ServerHandle, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.proc.exitCode !== null || server.proc.signalCode !== null) {
      throw new Error(`Server exited before it was healthy (${server.proc.exitCode}):\n${server.output()}`);
    }
    try {
      const res = await fetch(`${server.baseUrl}/api/health`);
      if (res.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  server.proc.kill('SIGKILL');
  throw new Error(`Server did not answer /api/health within ${timeoutMs} ms:\n${server.output()}`);
}

/** SIGTERM (graceful) by default; SIGKILL simulates a crash. Resolves when the process is gone. */
export async function stopServer(
  server: ServerHandle,
  signal: 'SIGTERM' | 'SIGKILL' = 'SIGTERM',
): Promise<void> {
  const { proc } = server;
  if (proc.exitCode !== null || proc.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  proc.kill(signal);
  const timer = setTimeout(() => proc.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

/** Same data directory and port, so cookies issued before the restart still reach the server. */
export async function restartServer(
  server: ServerHandle,
  opts: { signal?: 'SIGTERM' | 'SIGKILL'; env?: Record<string, string> } = {},
): Promise<ServerHandle> {
  await stopServer(server, opts.signal);
  return startServer({ dataDir: server.dataDir, port: server.port, env: { ...server.env, ...opts.env } });
}

export function removeDataDir(server: ServerHandle): void {
  rmSync(server.dataDir, { recursive: true, force: true });
}

/**
 * Missing Chromium fails the suite with a clear message; E2E_ALLOW_SKIP=1 turns that into a skip
 * (the caller checks `chromiumAvailable()` and uses `describe.skipIf`).
 */
export function chromiumAvailable(): boolean {
  if (existsSync(CHROMIUM_PATH)) return true;
  if (process.env.E2E_ALLOW_SKIP === '1') return false;
  throw new Error(
    `Chromium not found at ${CHROMIUM_PATH}. Install it (apt-get install -y chromium) or set CHROMIUM_PATH; ` +
      'set E2E_ALLOW_SKIP=1 to skip the browser suites instead.',
  );
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-quic',
      '--no-first-run',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** A username unique to this run, since each test creates its own user. */
export function uniqueName(prefix = 'user'): string {
  return `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}
