import { z } from 'zod';
import type { ReasonCode, VerificationStatus } from './reason-codes';
import { reasonLabels } from './reasons';

// Verdicts and reason codes of VERIFICATION.md, shared by the engine, the server and the web. The codes are
// in reason-codes.ts and what each reason means (its words, status, score prior…) in its row of reasons.ts.
export type { ReasonCode, VerificationStatus } from './reason-codes';
export { reasonLabels, verdictOf } from './reasons';

export const verificationQualities = ['good', 'risky', 'bad'] as const;
export const verificationQualitySchema = z.enum(verificationQualities);
export type VerificationQuality = z.infer<typeof verificationQualitySchema>;

/** The human wording of a reason code (empty for none); unknown codes pass through as written. */
export function reasonText(code: string | null | undefined): string {
  if (!code) return '';
  return reasonLabels[code as ReasonCode] ?? code;
}

// Network errors from our own connection attempt, as a person would say them. These describe the path
// from this server to the mail server, never the mailbox.
const NETWORK_ERRORS: [RegExp, string][] = [
  [/ECONNREFUSED/, 'Connection refused by the mail server'],
  [/ETIMEDOUT|timed? ?out/i, 'Mail server did not answer in time'],
  [/EHOSTUNREACH|ENETUNREACH/, 'Mail server unreachable from our network'],
  [/ECONNRESET|EPIPE/, 'Mail server closed the connection'],
  [/ENOTFOUND|EAI_AGAIN/, 'Mail server name did not resolve'],
];

/**
 * The SMTP message column in words: a real server reply is kept as sent ("550 5.1.1 user unknown");
 * a socket error of ours ("connect ECONNREFUSED 127.0.0.1:25") becomes a sentence with the address kept.
 */
export function smtpMessageText(message: string | null | undefined, smtpCode?: number | null): string {
  if (!message) return '';
  if (smtpCode) return message;
  for (const [pattern, text] of NETWORK_ERRORS) {
    if (pattern.test(message)) {
      const where = /(\[?[0-9a-f.:]+\]?:\d+)\s*$/i.exec(message)?.[1];
      return where ? `${text} (${where})` : text;
    }
  }
  return message;
}

/**
 * The server's reply as a person reads it, code first ("550 5.1.1 user unknown"): the engine keeps the
 * code and the text apart (the CSV has a column for each); a socket error of ours comes in words.
 */
export function smtpReplyText(code: number | null | undefined, message: string | null | undefined): string {
  const text = smtpMessageText(message, code);
  if (!code) return text;
  if (!text || text.startsWith(String(code))) return text || String(code);
  return `${code} ${text}`;
}

export function qualityOf(status: VerificationStatus): VerificationQuality {
  return status === 'valid' ? 'good' : status === 'invalid' ? 'bad' : 'risky';
}

/**
 * How a row's verdict was reached (VERIFICATION.md: the evidence every row keeps): the initial check
 * alone (syntax, domain, DNS/MX, disposable), the mail server's own answer over SMTP, an answer another
 * list got from it recently (shared knowledge), a third-party verifier, or a bounce in one of the
 * workspace's campaigns.
 */
export const DECIDED_BY = ['initial_check', 'smtp', 'cache', 'verifier', 'send_outcome', 'finder'] as const;
export type DecidedBy = (typeof DECIDED_BY)[number];
export const DECIDED_BY_TEXT: Record<DecidedBy, string> = {
  initial_check: 'Initial check (syntax, domain, mail servers, disposable providers)',
  smtp: 'The mail server’s own answer (SMTP)',
  cache: 'The mail server’s answer to a recent check of the same address',
  verifier: 'The third-party verification service',
  send_outcome: 'A bounce in one of your campaigns',
  finder: 'The mail server’s answer to the email finder, when it found the address',
};

/**
 * How many times the verdict's source was asked, in words: none for an answer reused from a recent
 * check, none either when no mail server could be reached (asked is counted per RCPT TO answered, not
 * per connection tried), else the count.
 */
export function attemptsText(decidedBy: DecidedBy | null, attempts: number | null): string {
  if (attempts === null || decidedBy === 'initial_check') return '—';
  if (decidedBy === 'cache') return 'None needed (answered by a recent check)';
  if (decidedBy === 'finder') return 'None needed (the finder asked when it found the address)';
  const times = (noun: string) => `${attempts} ${noun}${attempts === 1 ? '' : 's'}`;
  if (decidedBy === 'verifier') return `${times('request')} to the verification service`;
  if (attempts === 0) return 'None: no mail server answered about this address';
  return `${times('question')} to the mail server`;
}

/** Columns a verified CSV adds after the user's own (VERIFICATION.md), in the CLI and in exports. */
export const RESULT_CSV_COLUMNS = [
  'initial_status',
  'final_status',
  'reason',
  'reason_text',
  'role',
  'free',
  'disposable',
  'suggestion',
  'mx_host',
  'smtp_code',
  'smtp_message',
  'provider',
  'checked_at',
  'score',
  'decided_by',
  'attempts',
] as const;

/**
 * A run (a list's or a find's) waiting on our side, not on the addresses: the DNS resolver fails its canaries or does not
 * answer, no mail server is reachable from here, or the verifier API is down. Rows stay pending
 * (never invalid or risky because of it) and verification tries again by itself at `nextTryAt`.
 */
export const ourSideNoticeSchema = z.object({
  /** budget: the workspace's probe budget is spent until the window turns (decision 0860). */
  kind: z.enum(['dns', 'smtp', 'verifier', 'budget']),
  /** What is wrong on our side, in words, e.g. "Our DNS resolver is not answering; verification will resume by itself". */
  message: z.string(),
  /** ISO time of the next try. */
  nextTryAt: z.string(),
});
export type OurSideNotice = z.infer<typeof ourSideNoticeSchema>;
