// `npm run dev`: the API server (tsx watch, port 5000 by default) and the Vite dev server (port 5173,
// proxying /api) side by side. Ctrl-C or a signal stops both; if either exits, the other is stopped too.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);

const children = [
  {
    name: 'api',
    proc: spawn(bin('tsx'), ['watch', 'src/server/main.ts'], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, SERVE_WEB: 'false' },
    }),
  },
  { name: 'web', proc: spawn(bin('vite'), [], { cwd: root, stdio: 'inherit', env: process.env }) },
];

let exiting = false;
function stopAll(signal, code) {
  if (exiting) return;
  exiting = true;
  for (const { proc } of children) {
    if (proc.exitCode === null && proc.signalCode === null) proc.kill(signal);
  }
  // Give the children a moment to shut down cleanly, then leave.
  const timer = setTimeout(() => process.exit(code), 5000);
  timer.unref();
  Promise.all(
    children.map(({ proc }) =>
      proc.exitCode !== null || proc.signalCode !== null
        ? null
        : new Promise((resolve) => proc.once('exit', resolve)),
    ),
  ).then(() => process.exit(code));
}

for (const { name, proc } of children) {
  proc.on('exit', (code, signal) => {
    if (!exiting) console.error(`[dev] ${name} exited (${signal ?? code}); stopping the other process`);
    stopAll('SIGTERM', code ?? 1);
  });
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => stopAll(signal, 0));
}
