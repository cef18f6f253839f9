import { type ReasonCode, reasonLabels } from '../../../shared/verification';

export interface ReasonHelp {
  code: ReasonCode;
  label: string;
  verdict: 'Valid' | 'Invalid' | 'Risky';
  meaning: string;
}

// What each reason of a result (and of the `reason` / `reason_text` export columns) means for a sender.
const MEANING: Record<ReasonCode, [ReasonHelp['verdict'], string]> = {
  accepted: ['Valid', 'The mail server confirmed this mailbox exists. Safe to send.'],
  syntax: [
    'Invalid',
    'The address is not written like an email address (missing @, spaces, bad characters).',
  ],
  no_domain: ['Invalid', 'The domain after the @ does not exist, so no mail can reach it.'],
  null_mx: ['Invalid', 'The domain publishes a record saying it accepts no email at all.'],
  no_mail_host: ['Invalid', 'The domain exists but has no mail server to deliver to.'],
  rejected: ['Invalid', 'The mail server said this mailbox does not exist. Sending would bounce.'],
  bounced: [
    'Invalid',
    'A campaign you sent through Smartlead bounced here. It stays invalid in every list until a fresh check finds the mailbox, and it is on your suppression list.',
  ],
  disposable: [
    'Risky',
    'A throwaway inbox from a temporary-address provider; it usually stops working within hours.',
  ],
  dns_error: [
    'Risky',
    'The domain lookup failed for a moment on the way; it says nothing about the address. Re-verify later.',
  ],
  catch_all: [
    'Risky',
    'The server accepts every address at this domain, so no check can tell whether this person exists.',
  ],
  role: ['Risky', 'A shared mailbox such as info@ or sales@: real, but rarely read by the person you want.'],
  mailbox_full: ['Risky', 'The mailbox exists but is over quota; mail bounces until it is emptied.'],
  unverifiable: [
    'Risky',
    'The mail server accepts mail for the address but will not say whether the mailbox exists (a 252 reply).',
  ],
  policy_block: [
    'Risky',
    'The mail server refused to answer our check (anti-spam policy); the address may be fine.',
  ],
  greylisted: [
    'Risky',
    'The server asked us to come back later and did not let us in before the check ended. Re-verify later.',
  ],
  temp_failure: [
    'Risky',
    'The server had a temporary problem, or kept asking us to slow down, until the check ended. Re-verify later.',
  ],
  unreachable: [
    'Risky',
    'We could not connect to any mail server of the domain, or it talks to no one ("554 no SMTP service here"), so the address was not checked. This is about the connection, not the address; see "Why is everything risky?" below.',
  ],
};

export const REASON_HELP: ReasonHelp[] = (Object.keys(MEANING) as ReasonCode[]).map((code) => ({
  code,
  label: reasonLabels[code],
  verdict: MEANING[code][0],
  meaning: MEANING[code][1],
}));
