// The anti-abuse rules of real mail servers that the fake (session.ts, recipient.ts) can play, in their own words.

/** Exim's reply once its bad-recipient rule denies a RCPT (Debian's and cPanel's ACLs). */
export const EXIM_BAD_RCPT = '550 Rejected for too many bad recipients';

/**
 * The ACL: `deny condition = ${if and {{>{$rcpt_count}{10}}{<{$recipients_count}{${eval:$rcpt_count/2}}}}}`,
 * (`free` replaces its 10 for a stricter copy), evaluated at each RCPT ($rcpt_count counts this one; $recipients_count the ones accepted before it;
 * `eval` divides in whole numbers).
 */
export function eximDenies(rcptCount: number, accepted: number, free = 10): boolean {
  return rcptCount > free && accepted < Math.floor(rcptCount / 2);
}

/** Haraka karma's denial ("very bad karma score: {score}"). */
export const KARMA_DENY = (score: number) => `550 very bad karma score: ${score}`;

/** postgrey's default delay (its --delay). */
export const POSTGREY_DEFAULT_S = 300;

/** What Postfix answers for postgrey: it names no delay, so the client waits its own. */
export function postgreyReply(address: string): string {
  const domain = address.slice(address.lastIndexOf('@') + 1);
  return `450 4.2.0 <${address}>: Recipient address rejected: Greylisted, see http://postgrey.schweikert.ch/help/${domain}.html`;
}
