import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  type APIRequestContext,
  type APIResponse,
  type Browser,
  type BrowserContextOptions,
  chromium,
  type Page,
} from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { CSRF_COOKIE, CSRF_HEADER } from '../../src/shared/auth';
import { groupAlive } from '../helpers/child-server';

// End-to-end helpers: the real server as a child process on a fresh data directory, and Debian's Chromium
// driven by playwright-core. The server runs from dist/server and serves the SPA from dist/web (`npm run
// test:e2e` builds both).

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SERVER_ENTRY = 'dist/server/main.mjs';
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
  /** An empty data directory even when the run has a migrated template (global-setup.ts builds it). */
  fresh?: boolean;
}

/** A new data directory: a copy of the run's migrated template (global-setup.ts), else empty. */
function newDataDir(fresh: boolean): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'verilead-e2e-'));
  const template = fresh ? null : inject('e2eDataTemplate');
  if (template) cpSync(template, dir, { recursive: true });
  return dir;
}

export async function startServer(opts: StartOptions = {}): Promise<ServerHandle> {
  for (const built of ['dist/web/index.html', SERVER_ENTRY]) {
    if (!existsSync(path.join(REPO_ROOT, built))) {
      throw new Error(`${built} is missing: run \`npm run build\` first (\`npm run test:e2e\` does it).`);
    }
  }
  const dataDir = opts.dataDir ?? newDataDir(opts.fresh ?? false);
  const port = opts.port ?? (await freePort());
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    NODE_ENV: 'test',
    // Fakes listen on 127.x: tests reach them (production refuses non-public mail hosts).
    SMTP_ALLOW_PRIVATE: 'true',
    // Journeys sign up dozens of users: argon2id at 1 MiB instead of 19 (allowed in tests only).
    PASSWORD_HASH_MEMORY_KIB: '1024',
    // The fakes' domains are not under public suffixes (shared/public-domain.ts); the web's test build
    // reads the same list from src/web/.env.test.
    DOMAIN_EXTRA_SUFFIXES: 'test,example,invalid',
    ...opts.env,
  };
  // The built server, as `npm start` runs it (without source maps: a second of CPU per boot, and the
  // bundle keeps our names). Its own process group, so that nothing it starts outlives a SIGKILL.
  const proc = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
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
  await signalGroup(server.proc, 'SIGKILL');
  throw new Error(`Server did not answer /api/health within ${timeoutMs} ms:\n${server.output()}`);
}

/** SIGTERM (graceful) by default; SIGKILL simulates a crash. Resolves when the process is gone. */
export async function stopServer(
  server: ServerHandle,
  signal: 'SIGTERM' | 'SIGKILL' = 'SIGTERM',
): Promise<void> {
  const timer = setTimeout(() => void signalGroup(server.proc, 'SIGKILL'), 15_000);
  await signalGroup(server.proc, signal);
  clearTimeout(timer);
}

/** Signals the server's whole process group and resolves once every process of it is gone. */
async function signalGroup(proc: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  const pgid = proc.pid as number;
  const exited =
    proc.exitCode === null && proc.signalCode === null
      ? new Promise<void>((resolve) => proc.once('exit', () => resolve()))
      : Promise.resolve();
  try {
    process.kill(-pgid, signal);
    await exited;
  } catch {
    // The group is already gone.
  }
  // The server's exit is not its group's: the group is gone when every process of it (the database's
  // lock, the port) is too.
  while (groupAlive(pgid)) await new Promise((r) => setTimeout(r, 25));
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

/** `args`: further Chromium flags, e.g. `--host-resolver-rules=MAP brand.example.test 127.0.0.1`. */
export async function launchBrowser(args: string[] = []): Promise<Browser> {
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
      ...args,
    ],
  });
}

/** A username unique to this run, since each test creates its own user. */
export function uniqueName(prefix = 'user'): string {
  return `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

/** What `useE2E` hands a spec: filled in by its beforeAll, so read the fields inside tests only. */
export interface E2EContext {
  /** The running server; a test that restarts it assigns the new handle here (afterAll stops that one). */
  server: ServerHandle;
  browser: Browser;
  /** A page in a fresh browser context (own cookies) whose baseURL is the server's. */
  newPage(options?: BrowserContextOptions): Promise<Page>;
}

/**
 * Registers beforeAll/afterAll in the calling describe: start the server (with the options `setup`
 * returns; `setup` runs first in beforeAll, so a spec can start its fakes there and pass their URLs
 * in env) and Chromium; afterwards close the browser, stop the server and remove its data directory.
 * A spec that starts fakes closes them in its own afterAll.
 */
export function useE2E(setup?: () => StartOptions | Promise<StartOptions>): E2EContext {
  const ctx = {
    async newPage(options: BrowserContextOptions = {}) {
      const context = await ctx.browser.newContext({ ...options, baseURL: ctx.server.baseUrl });
      return context.newPage();
    },
  } as E2EContext;

  beforeAll(async () => {
    ctx.server = await startServer(setup ? await setup() : {});
    ctx.browser = await launchBrowser();
  });

  afterAll(async () => {
    await ctx.browser?.close();
    if (ctx.server) {
      await stopServer(ctx.server);
      removeDataDir(ctx.server);
    }
  });

  return ctx;
}

/** Creates an account through the /auth form and waits for the /onboarding redirect. */
export async function signUpViaUi(page: Page, prefix = 'user'): Promise<Credentials> {
  await page.goto('/auth');
  return submitCreateAccount(page, prefix);
}

export interface Credentials {
  username: string;
  email: string;
  password: string;
}

/**
 * The Create Account half of `signUpViaUi`, for a page already on /auth (e.g. reached from a landing
 * plan button): fills a fresh user in, submits and waits for the /onboarding redirect.
 */
export async function submitCreateAccount(page: Page, prefix = 'user'): Promise<Credentials> {
  const username = uniqueName(prefix);
  const email = `${username}@example.com`;
  const password = 'correct-horse-42';
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm Password').fill(password);
  await page.locator('form').getByRole('button', { name: 'Create Account' }).click();
  await page.waitForURL((url) => url.pathname === '/onboarding');
  return { username, email, password };
}

/** Marks onboarding completed (step 4) with `profile` through the API, for journeys that skip the wizard. */
export async function completeOnboardingViaApi(page: Page, profile: Record<string, string>): Promise<void> {
  const res = await apiPost(page, '/api/onboarding/progress', { step: 4, completed: true, profile });
  expect(res.status()).toBe(200);
}

/**
 * POST through the page's request context (its cookies) with the CSRF header: GET /api/csrf first so
 * the token cookie is set, then echo it in the header. `options` carries anything else (e.g. multipart).
 */
export async function apiPost(
  page: Page,
  url: string,
  data?: unknown,
  options: Parameters<APIRequestContext['post']>[1] = {},
): Promise<APIResponse> {
  await page.request.get('/api/csrf');
  const token = (await page.context().cookies()).find((c) => c.name === CSRF_COOKIE)?.value ?? '';
  return page.request.post(url, {
    ...options,
    ...(data === undefined ? {} : { data }),
    headers: { ...options.headers, [CSRF_HEADER]: token },
  });
}
