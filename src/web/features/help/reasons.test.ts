import { describe, expect, it } from 'vitest';
import { REASON_HELP } from './reasons';

// The help page's reasons, read from shared/reasons.ts, pinned as they were before that table.
describe('the help page reasons', () => {
  it('keeps the help page: order, verdicts and words', () => {
    expect(REASON_HELP).toEqual([
      {
        code: 'accepted',
        label: 'Mailbox accepted',
        verdict: 'Valid',
        meaning: 'The mail server confirmed this mailbox exists. Safe to send.',
      },
      {
        code: 'syntax',
        label: 'Not a valid email address',
        verdict: 'Invalid',
        meaning: 'The address is not written like an email address (missing @, spaces, bad characters).',
      },
      {
        code: 'no_domain',
        label: 'Domain does not exist',
        verdict: 'Invalid',
        meaning: 'The domain after the @ does not exist, so no mail can reach it.',
      },
      {
        code: 'null_mx',
        label: 'Domain accepts no mail (null MX)',
        verdict: 'Invalid',
        meaning: 'The domain publishes a record saying it accepts no email at all.',
      },
      {
        code: 'no_mail_host',
        label: 'Domain has no mail server',
        verdict: 'Invalid',
        meaning: 'The domain exists but has no mail server to deliver to.',
      },
      {
        code: 'rejected',
        label: 'Mailbox does not exist',
        verdict: 'Invalid',
        meaning: 'The mail server said this mailbox does not exist. Sending would bounce.',
      },
      {
        code: 'bounced',
        label: 'Bounced when one of your campaigns sent to it',
        verdict: 'Invalid',
        meaning:
          'A campaign you sent through Smartlead bounced here. It stays invalid in every list until a fresh check finds the mailbox, and it is on your suppression list.',
      },
      {
        code: 'disposable',
        label: 'Disposable address provider',
        verdict: 'Risky',
        meaning:
          'A throwaway inbox from a temporary-address provider; it usually stops working within hours.',
      },
      {
        code: 'dns_error',
        label: 'DNS lookup failed (temporary)',
        verdict: 'Risky',
        meaning:
          'The domain lookup failed for a moment on the way; it says nothing about the address. Re-verify later.',
      },
      {
        code: 'catch_all',
        label: 'Server accepts any address (catch-all)',
        verdict: 'Risky',
        meaning:
          'The server accepts every address at this domain, so no check can tell whether this person exists.',
      },
      {
        code: 'role',
        label: 'Role address (shared mailbox)',
        verdict: 'Risky',
        meaning: 'A shared mailbox such as info@ or sales@: real, but rarely read by the person you want.',
      },
      {
        code: 'mailbox_full',
        label: 'Mailbox full',
        verdict: 'Risky',
        meaning: 'The mailbox exists but is over quota; mail bounces until it is emptied.',
      },
      {
        code: 'unverifiable',
        label: 'Mail server will not say whether the mailbox exists',
        verdict: 'Risky',
        meaning:
          'The mail server accepts mail for the address but will not say whether the mailbox exists (a 252 reply).',
      },
      {
        code: 'policy_block',
        label: 'Blocked by server policy',
        verdict: 'Risky',
        meaning: 'The mail server refused to answer our check (anti-spam policy); the address may be fine.',
      },
      {
        code: 'greylisted',
        label: 'Greylisted, did not clear in time',
        verdict: 'Risky',
        meaning:
          'The server asked us to come back later and did not let us in before the check ended. Re-verify later.',
      },
      {
        code: 'temp_failure',
        label: 'Temporary failure, did not clear in time',
        verdict: 'Risky',
        meaning:
          'The server had a temporary problem, or kept asking us to slow down, until the check ended. Re-verify later.',
      },
      {
        code: 'unreachable',
        label: 'Mail server could not be reached (not checked)',
        verdict: 'Risky',
        meaning:
          'We could not connect to any mail server of the domain, or it talks to no one ("554 no SMTP service here"), so the address was not checked. This is about the connection, not the address; see "Why is everything risky?" below.',
      },
    ]);
  });
});
