// Test support: the real server (or a worker) as a child process, killable with SIGKILL.
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const TSX = path.join(ROOT, 'node_modules/.bin/tsx');

export interface Child {
  proc: ChildProcess;
  output(): string;
  /** SIGKILL the whole process group (tsx runs node as its own child). */
  kill(): Promise<void>;
  stop(): Promise<void>;
}

export function spawnChild(script: string, env: Record<string, string>): Child {
  const proc = spawn(TSX, [script], {
    cwd: ROOT,
    env: {
      ...(process.env as Record<string, string>),
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      // Fakes live on 127.x; test databases outlive a run, so verdicts are not reused between runs.
      SMTP_ALLOW_PRIVATE: 'true',
      VERIFICATION_DOMAIN_TTL_S: '0',
      VERIFICATION_MAILBOX_TTL_S: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let log = '';
  const append = (b: Buffer) => {
    log = (log + b.toString()).slice(-20_000);
  };
  proc.stdout?.on('data', append);
  proc.stderr?.on('data', append);
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  const signal = async (sig: NodeJS.Signals) => {
    if (proc.exitCode !== null || proc.signalCode !== null) return;
    try {
      process.kill(-(proc.pid as number), sig);
    } catch {
      return;
    }
    await exited;
    // tsx runs node as its own child: the group is gone only when that grandchild is too (it holds
    // the data folder's lock and the port).
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline && groupAlive(proc.pid as number))
      await new Promise((r) => setTimeout(r, 25));
  };
  return {
    proc,
    output: () => log,
    kill: () => signal('SIGKILL'),
    async stop() {
      const timer = setTimeout(() => void signal('SIGKILL'), 10_000);
      await signal('SIGTERM');
      clearTimeout(timer);
    },
  };
}

/** Whether any process of the group `pgid` is still alive. */
export function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

export async function waitHealthy(baseUrl: string, child: Child, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.proc.exitCode !== null) throw new Error(`server exited:\n${child.output()}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server not healthy:\n${child.output()}`);
}
