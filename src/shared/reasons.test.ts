import { describe, expect, it } from 'vitest';
import { reasonCodes, VERIFIER_SIGNALS } from './reason-codes';
import {
  CACHEABLE_REASONS,
  REASON_OF_VERIFIER_SIGNAL,
  REASON_PRIORS,
  REASONS,
  RISKY_CARD_REASONS,
  reasonLabels,
} from './reasons';
import { scoreOf } from './score';

// The values every reader of the reasons table had before it existed (labels, help page, score priors,
// the risky stat card, the prober's cache, the third-party verifier's mapping), pinned: a change to one is
// a decision, not a side effect of an edit to the table.
describe('the reasons table', () => {
  it('has a row for every reason code and no other', () => {
    expect(Object.keys(REASONS).sort()).toEqual([...reasonCodes].sort());
  });

  it('keeps the labels', () => {
    expect(reasonLabels).toEqual({
      syntax: 'Not a valid email address',
      no_domain: 'Domain does not exist',
      null_mx: 'Domain accepts no mail (null MX)',
      no_mail_host: 'Domain has no mail server',
      disposable: 'Disposable address provider',
      dns_error: 'DNS lookup failed (temporary)',
      catch_all: 'Server accepts any address (catch-all)',
      accepted: 'Mailbox accepted',
      role: 'Role address (shared mailbox)',
      rejected: 'Mailbox does not exist',
      mailbox_full: 'Mailbox full',
      policy_block: 'Blocked by server policy',
      greylisted: 'Greylisted, did not clear in time',
      temp_failure: 'Temporary failure, did not clear in time',
      unreachable: 'Mail server could not be reached (not checked)',
      unverifiable: 'Mail server will not say whether the mailbox exists',
      bounced: 'Bounced when one of your campaigns sent to it',
    });
  });

  it('keeps the score priors, and the score reads them', () => {
    expect(REASON_PRIORS).toEqual({
      accepted: 99,
      role: 85,
      catch_all: 75,
      greylisted: 70,
      temp_failure: 60,
      policy_block: 55,
      unreachable: 50,
      unverifiable: 70,
      dns_error: 50,
      mailbox_full: 30,
      disposable: 20,
      rejected: 2,
      bounced: 1,
      null_mx: 0,
      no_mail_host: 0,
      no_domain: 0,
      syntax: 0,
    });
    expect(scoreOf({ finalStatus: 'risky', reason: 'mailbox_full', provider: null })).toBe(30);
    expect(scoreOf({ finalStatus: 'risky', reason: 'nonsense', provider: null })).toBe(60);
  });

  it('keeps the risky stat card reasons: every risky reason', () => {
    const risky = reasonCodes.filter((c) => REASONS[c].status === 'risky');
    expect([...RISKY_CARD_REASONS].sort()).toEqual([...risky].sort());
    expect([...RISKY_CARD_REASONS].sort()).toEqual(
      [
        'catch_all',
        'role',
        'disposable',
        'mailbox_full',
        'policy_block',
        'greylisted',
        'temp_failure',
        'unreachable',
        'unverifiable',
        'dns_error',
      ].sort(),
    );
  });

  it("keeps the prober's cacheable reasons: facts about the mailbox", () => {
    expect([...CACHEABLE_REASONS].sort()).toEqual([
      'accepted',
      'catch_all',
      'mailbox_full',
      'rejected',
      'role',
    ]);
  });

  it("maps each of the verifier's signals to exactly one reason", () => {
    for (const s of VERIFIER_SIGNALS) {
      expect(
        reasonCodes.filter((c) => REASONS[c].verifier === s),
        s,
      ).toHaveLength(1);
    }
    expect(REASON_OF_VERIFIER_SIGNAL).toEqual({
      disposable: 'disposable',
      no_connection: 'unreachable',
      catch_all: 'catch_all',
      full_inbox: 'mailbox_full',
      undeliverable: 'rejected',
      deliverable_role: 'role',
      deliverable: 'accepted',
      unknown: 'temp_failure',
    });
  });
});
