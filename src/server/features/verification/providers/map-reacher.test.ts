import { describe, expect, it } from 'vitest';
import { mapReacher } from './verifier-api';

// Reacher's answer onto our reasons (the signals and their order in shared/reason-codes.ts, each signal's
// reason in its row of shared/reasons.ts), as the provider mapped it before the table.
describe('mapReacher', () => {
  it.each([
    [
      'disposable first',
      { misc: { is_disposable: true }, smtp: { is_deliverable: true } },
      false,
      'risky',
      'disposable',
    ],
    [
      'no connection',
      { smtp: { can_connect_smtp: false, is_catch_all: true } },
      false,
      'risky',
      'unreachable',
    ],
    ['catch-all', { smtp: { is_catch_all: true, has_full_inbox: true } }, false, 'risky', 'catch_all'],
    ['full inbox', { smtp: { has_full_inbox: true, is_deliverable: false } }, false, 'risky', 'mailbox_full'],
    [
      'invalid',
      { is_reachable: 'invalid' as const, smtp: { is_deliverable: true } },
      false,
      'invalid',
      'rejected',
    ],
    ['disabled', { smtp: { is_disabled: true } }, false, 'invalid', 'rejected'],
    [
      'not deliverable',
      { is_reachable: 'safe' as const, smtp: { is_deliverable: false } },
      false,
      'invalid',
      'rejected',
    ],
    ['safe', { is_reachable: 'safe' as const }, false, 'valid', 'accepted'],
    ['deliverable role', { smtp: { is_deliverable: true } }, true, 'risky', 'role'],
    ['unknown', { is_reachable: 'unknown' as const }, false, 'risky', 'temp_failure'],
    ['empty', {}, true, 'risky', 'temp_failure'],
  ])('%s', (_, out, role, status, reason) => {
    expect(mapReacher(out, role)).toEqual({ status, reason });
  });
});
