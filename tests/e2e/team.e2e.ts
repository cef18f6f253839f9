import { describe, expect, it } from 'vitest';
import { checkA11y, screenshot } from './axe';
import { apiPost, chromiumAvailable, completeOnboardingViaApi, submitCreateAccount, useE2E } from './harness';

// Teams (decision 0800): the owner of a White Label workspace invites a colleague and copies the link; the
// colleague signs up in another browser, accepts, switches workspace in the top bar and sees the owner's list.
// axe is injected as a script: the app's Content-Security-Policy would (rightly) refuse it.
const DESKTOP = { viewport: { width: 1440, height: 900 }, bypassCSP: true };
const PROFILE = {
  businessType: 'agency',
  targetAudience: 'B2B Decision Makers',
  primaryGoal: 'outreach',
  experienceLevel: 'beginner',
};

describe.skipIf(!chromiumAvailable())('team', () => {
  // A busy machine can take over a minute to boot the server (migrations, job queue).
  const e2e = useE2E(() => ({ timeoutMs: 110_000 }));

  it('owner invites, the colleague accepts and works in the owner’s workspace', async () => {
    const owner = await e2e.newPage(DESKTOP);
    await owner.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await owner.goto('/auth?plan=whitelabel');
    const o = await submitCreateAccount(owner, 'owner');
    await completeOnboardingViaApi(owner, PROFILE);
    const upload = await apiPost(owner, '/api/upload', undefined, {
      multipart: {
        csvFile: {
          name: 'owner-list.csv',
          mimeType: 'text/csv',
          buffer: Buffer.from('email\nann@example.com\n'),
        },
      },
    });
    expect(upload.status()).toBe(201);

    // The colleague's account exists first (another browser, so other cookies).
    const colleague = await e2e.newPage(DESKTOP);
    await colleague.goto('/auth');
    const c = await submitCreateAccount(colleague, 'colleague');
    await completeOnboardingViaApi(colleague, PROFILE);

    // The owner reaches the team screen from the user menu and invites by email.
    await owner.goto('/');
    await owner.getByRole('button', { name: 'Open user menu' }).click();
    await owner.getByRole('menuitem', { name: 'Team' }).click();
    await owner.waitForURL((u) => u.pathname === '/settings/team');
    await owner.getByRole('heading', { name: 'Team', level: 1 }).waitFor();
    await owner.getByLabel('Email address').fill(c.email);
    await owner.getByRole('button', { name: 'Invite' }).click();
    const link = (await owner.getByTestId('invite-link').textContent()) ?? '';
    expect(link).toMatch(/\/invite\/[\w-]{40,}$/);
    await owner.getByRole('button', { name: 'Copy' }).click();
    await owner.getByRole('button', { name: 'Copied' }).waitFor();
    expect(await owner.evaluate(() => navigator.clipboard.readText())).toBe(link);
    await owner.getByRole('button', { name: `Revoke the invitation for ${c.email}` }).waitFor();
    await screenshot(owner, 'team-invited');
    await checkA11y(owner, '/settings/team (invitation link shown)');

    // The colleague opens the link, sees whose workspace it is, and accepts.
    await colleague.goto(new URL(link).pathname);
    await colleague.getByRole('heading', { name: `Join ${o.username} on Verilead`, level: 1 }).waitFor();
    await checkA11y(colleague, '/invite/:token (signed in)');
    await colleague.getByRole('button', { name: `Accept and join ${o.username}` }).click();
    await colleague.getByTestId('invite-accepted').waitFor();
    await colleague.getByRole('button', { name: 'Stay where I am' }).click();
    await colleague.waitForURL((u) => u.pathname === '/');

    // The top bar's switcher lists both workspaces; switching shows the owner's lists.
    await colleague.getByTestId('workspace-switcher').click();
    await colleague.getByRole('menuitem', { name: new RegExp(o.username) }).waitFor();
    await checkA11y(colleague, 'workspace switcher open');
    await colleague.getByRole('menuitem', { name: new RegExp(o.username) }).click();
    await expect.poll(() => colleague.getByTestId('workspace-switcher').textContent()).toContain(o.username);
    await colleague.goto('/history');
    await colleague.getByText('owner-list.csv').first().waitFor();
    await colleague.goto('/settings/team');
    await colleague.getByTestId(`member-${o.username}`).getByText('owner', { exact: true }).waitFor();
    await checkA11y(colleague, '/settings/team (as a member)');

    // The owner sees the new member and the log of what happened.
    await owner.reload();
    await owner.getByTestId(`member-${c.username}`).waitFor();
    const log = owner.getByTestId('activity-table');
    await expect.poll(() => log.textContent()).toContain('joined the workspace');
    expect(await log.textContent()).toContain('uploaded a list');
    await screenshot(owner, 'team-members-activity');
    await checkA11y(owner, '/settings/team (two members, activity)');
  });
});
