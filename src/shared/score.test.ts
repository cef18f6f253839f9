import { describe, expect, it } from 'vitest';
import { calibrated, PRIOR_WEIGHT, scoreOf } from './score';

const google = { id: 'google', name: 'Google Workspace', kind: 'mailbox' as const };
const proofpoint = { id: 'proofpoint', name: 'Proofpoint', kind: 'gateway' as const };

describe('confidence score', () => {
  it('starts from a prior per verdict and reason', () => {
    expect(scoreOf({ finalStatus: 'valid', reason: 'accepted', provider: google })).toBe(99);
    expect(scoreOf({ finalStatus: 'invalid', reason: 'rejected', provider: null })).toBe(2);
    expect(scoreOf({ finalStatus: 'invalid', reason: 'bounced', provider: null })).toBe(1);
    expect(scoreOf({ finalStatus: 'invalid', reason: 'syntax', provider: null })).toBe(0);
    expect(scoreOf({ finalStatus: 'risky', reason: 'catch_all', provider: google })).toBe(75);
    expect(scoreOf({ finalStatus: 'risky', reason: 'catch_all', provider: proofpoint })).toBe(65);
    expect(scoreOf({ finalStatus: 'risky', reason: 'something_new', provider: null })).toBe(60);
    expect(scoreOf({ finalStatus: 'pending', reason: null, provider: null })).toBeNull();
  });

  it('scores a catch-all domain whose sent rows bounced 40% lower than one with 2%', () => {
    const base = { finalStatus: 'risky' as const, reason: 'catch_all', provider: google };
    const bad = scoreOf({ ...base, domainHistory: { sent: 50, bounced: 20 } })!;
    const good = scoreOf({ ...base, domainHistory: { sent: 50, bounced: 1 } })!;
    // (75·20 + 100·30) / 70 = 64.3 and (75·20 + 100·49) / 70 = 91.4
    expect(bad).toBe(64);
    expect(good).toBe(91);
    expect(bad).toBeLessThan(good);
  });

  it("uses the provider's history when the domain has none, and the domain's before the provider's", () => {
    const base = { finalStatus: 'risky' as const, reason: 'catch_all', provider: google };
    expect(scoreOf({ ...base, providerHistory: { sent: 100, bounced: 40 } })).toBe(
      Math.round((75 * 20 + 6000) / 120),
    );
    expect(
      scoreOf({
        ...base,
        domainHistory: { sent: 10, bounced: 0 },
        providerHistory: { sent: 100, bounced: 40 },
      }),
    ).toBe(Math.round((75 * 20 + 1000) / 30));
  });

  it('moves towards the observed rate as sends accumulate, and never leaves 0–100', () => {
    expect(calibrated(75, { sent: 0, bounced: 0 })).toBe(75);
    expect(calibrated(75, { sent: PRIOR_WEIGHT, bounced: PRIOR_WEIGHT })).toBe(37.5);
    expect(calibrated(75, { sent: 100_000, bounced: 100_000 })).toBeLessThan(1);
    expect(calibrated(75, { sent: 5, bounced: 9 })).toBeGreaterThanOrEqual(0);
  });

  it("calibrates accepted rows by the workspace's sends to accepted rows, the prior worth 100 sends", () => {
    const base = { finalStatus: 'valid' as const, reason: 'accepted', provider: google };
    expect(scoreOf(base)).toBe(99);
    // 100 sent, 10 bounced: (99·100 + 100·90) / 200 = 94.5; 1,000 sent, none bounced: 99.9.
    expect(scoreOf({ ...base, acceptedHistory: { sent: 100, bounced: 10 } })).toBe(95);
    expect(scoreOf({ ...base, acceptedHistory: { sent: 1000, bounced: 0 } })).toBe(100);
    // One unlucky bounce in ten sends barely moves it; catch-all history never touches it.
    expect(scoreOf({ ...base, acceptedHistory: { sent: 10, bounced: 1 } })).toBe(98);
    expect(scoreOf({ ...base, domainHistory: { sent: 50, bounced: 25 } })).toBe(99);
  });
});
