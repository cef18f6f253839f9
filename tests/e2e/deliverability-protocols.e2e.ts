import type { Page } from 'playwright-core';
import { afterAll, describe, it } from 'vitest';
import { type FakeHttpsHost, startFakeHttpsHost, TEST_HTTPS_CERT } from '../fakes/https-host';
import { DKIM_TXT, SENDING_ZONE } from '../fakes/sending-domains';
import { startWorld, type World } from '../fakes/smtp-world';
import { checkA11y, screenshot } from './axe';
import { chromiumAvailable, completeOnboardingViaApi, signUpViaUi, useE2E } from './harness';

// The optional protocols' files through the app (decision 0910): an MTA-STS policy in testing mode and a BIMI
// logo that is a plain SVG, served by the fake HTTPS host on loopback; DNSSEC not confirmed by the fake
// resolver. The findings read at 1440 and 390 px.
const D = 'sts-testing.test';

describe.skipIf(!chromiumAvailable())('deliverability: MTA-STS policy, BIMI logo, DNSSEC', () => {
  let world: World;
  let host: FakeHttpsHost;
  const e2e = useE2E(async () => {
    host = await startFakeHttpsHost({
      [`mta-sts.${D}/.well-known/mta-sts.txt`]: {
        body: 'version: STSv1\nmode: testing\nmx: smtp.google.com\nmax_age: 3600\n',
      },
      'logo.bimi.test/plain.svg': {
        type: 'image/svg+xml',
        body: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 60"><circle r="4"/></svg>',
      },
    });
    world = await startWorld(
      {},
      {
        ...SENDING_ZONE,
        [D]: {
          MX: [{ preference: 1, exchange: 'smtp.google.com' }],
          TXT: [['v=spf1 include:_spf.google.com ~all']],
        },
        [`google._domainkey.${D}`]: { TXT: DKIM_TXT },
        [`_dmarc.${D}`]: { TXT: [[`v=DMARC1; p=reject; rua=mailto:d@${D}`]] },
        [`_mta-sts.${D}`]: { TXT: [['v=STSv1; id=20261129']] },
        [`mta-sts.${D}`]: { A: ['127.0.0.1'] },
        [`default._bimi.${D}`]: { TXT: [['v=BIMI1; l=https://logo.bimi.test/plain.svg']] },
        'logo.bimi.test': { A: ['127.0.0.1'] },
      },
    );
    return {
      env: {
        ...world.env(),
        DNS_TRIES: '1',
        SAFE_FETCH_ALLOW_LOOPBACK: 'true',
        SAFE_FETCH_EXTRA_CA: TEST_HTTPS_CERT,
        DELIVERABILITY_HTTPS_PORT: String(host.port),
      },
    };
  });
  afterAll(async () => {
    await world?.close();
    await host?.close();
  });

  async function signedIn(page: Page) {
    await signUpViaUi(page, 'delivproto');
    await completeOnboardingViaApi(page, {
      businessType: 'agency',
      targetAudience: 'B2B Decision Makers',
      primaryGoal: 'outreach',
      experienceLevel: 'beginner',
    });
  }

  it('shows the policy, logo and DNSSEC findings', async () => {
    const page = await e2e.newPage({ viewport: { width: 1440, height: 1000 }, bypassCSP: true });
    await signedIn(page);
    await page.goto('/smartlead/deliverability');
    await page.getByLabel('Domain', { exact: true }).fill(D);
    await page.getByRole('button', { name: 'Check domain' }).click();
    const checks = page.getByRole('list', { name: `Checks of ${D}` });
    await checks.getByText(/Mode testing/).waitFor();
    await checks.getByText(/max_age is 3600 seconds/).waitFor();
    await checks.getByText(/baseProfile="tiny-ps"/).waitFor();
    await checks.getByText(/DNSSEC not confirmed/).waitFor();
    await checkA11y(page, 'deliverability, optional protocols');
    await checks.getByText(/Mode testing/).scrollIntoViewIfNeeded();
    await screenshot(page, 'deliverability-protocols-1440');
    await page.setViewportSize({ width: 390, height: 1400 });
    await checks.getByText(/Mode testing/).scrollIntoViewIfNeeded();
    await screenshot(page, 'deliverability-protocols-390');
  });
});
