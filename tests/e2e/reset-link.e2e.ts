import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { checkA11y } from './axe';
import {
  chromiumAvailable,
  REPO_ROOT,
  restartServer,
  stopServer,
  submitCreateAccount,
  useE2E,
} from './harness';

// A server without a mail relay (decision 0830): /forgot-password names whom to ask, and that operator
// prints a reset link with `npm run reset-link` (the embedded database: server stopped meanwhile).
const run = promisify(execFile);
const TSX = path.join(REPO_ROOT, 'node_modules/.bin/tsx');
const PHONE = { viewport: { width: 390, height: 844 }, bypassCSP: true };

describe.skipIf(!chromiumAvailable())('password reset without a mail relay', () => {
  const e2e = useE2E(() => ({ timeoutMs: 110_000, env: { OPERATOR_CONTACT: 'it-help@example.test' } }));

  it('the screen names the operator, whose CLI link resets the password once', async () => {
    const first = await e2e.newPage(PHONE);
    await first.goto('/auth');
    const u = await submitCreateAccount(first, 'nomail');
    await first.context().close();

    const page = await e2e.newPage(PHONE);
    await page.goto('/forgot-password');
    await page.getByTestId('reset-no-mail').getByText('Ask it-help@example.test').waitFor();
    await checkA11y(page, '/forgot-password (no relay, 390)');

    // The operator: stop the server, print the link, start it again.
    await stopServer(e2e.server);
    const env = { ...process.env, DATA_DIR: e2e.server.dataDir, PORT: String(e2e.server.port) };
    const unknown = await run(TSX, ['src/cli/reset-link.ts', 'nobody-here'], { cwd: REPO_ROOT, env }).catch(
      (err: { code: number; stderr: string }) => err,
    );
    expect(unknown).toMatchObject({ code: 1 });
    expect((unknown as { stderr: string }).stderr).toContain('no account has the username or email');
    const printed = await run(TSX, ['src/cli/reset-link.ts', u.email], { cwd: REPO_ROOT, env });
    const link = /(http:\/\/localhost:\d+\/reset-password\?token=[\w-]+)/.exec(printed.stdout)?.[1];
    expect(link, printed.stdout).toBeDefined();
    e2e.server = await restartServer(e2e.server);

    await page.goto(new URL(link!).pathname + new URL(link!).search);
    await page.getByLabel('New password', { exact: true }).fill('set by the operator link');
    await page.getByLabel('Confirm new password').fill('set by the operator link');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByTestId('reset-done').waitFor();
    const login = await page.request.get('/api/csrf');
    const { csrfToken } = (await login.json()) as { csrfToken: string };
    const signIn = await page.request.post('/api/login', {
      data: { username: u.username, password: 'set by the operator link' },
      headers: { 'x-csrf-token': csrfToken },
    });
    expect(signIn.status()).toBe(200);
  });
});
