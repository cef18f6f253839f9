// A mail server's refusal that names a DNS blocklist ("554 5.7.1 Client host [192.0.2.1] blocked using
// zen.spamhaus.org"): the server refuses us for where we connect from, not the address for what it is.

const LISTS: [RegExp, string][] = [
  [/spamhaus/i, 'Spamhaus'],
  [/barracuda/i, 'Barracuda'],
  [/spamcop/i, 'SpamCop'],
  [/sorbs/i, 'SORBS'],
  [/uceprotect/i, 'UCEPROTECT'],
  [/psbl\.surriel/i, 'PSBL'],
  [/mailspike/i, 'Mailspike'],
  [/invaluement/i, 'Invaluement'],
  [/abuseat|\bcbl\b/i, 'CBL'],
];
const GENERIC = /\b(dnsbl|rbl|block ?list(ed)?|black ?list(ed)?)\b/i;

/** The list a refusal names ("Spamhaus"; "a blocklist" when it names none we know), or null. */
export function namedBlocklist(reply: { code: number | null; text: string | null }): string | null {
  if (!reply.text || reply.code === null || reply.code < 500 || reply.code >= 600) return null;
  for (const [re, name] of LISTS) if (re.test(reply.text)) return name;
  return GENERIC.test(reply.text) ? 'a blocklist' : null;
}

/**
 * Who stands behind a mail server, so that several hosts of one operator count once: the last two
 * labels of its name (mx1.acme.com and mx2.acme.com are one; aspmx.l.google.com is google.com).
 */
export function serverOperator(mxHost: string): string {
  const labels = mxHost.toLowerCase().replace(/\.$/, '').split('.');
  return labels.slice(-2).join('.');
}
