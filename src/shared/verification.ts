import { z } from 'zod';

// Verdicts and reason codes of VERIFICATION.md, shared by the engine, the server and the web.
export const verificationStatuses = ['valid', 'invalid', 'risky'] as const;
export const verificationStatusSchema = z.enum(verificationStatuses);
export type VerificationStatus = z.infer<typeof verificationStatusSchema>;

export const verificationQualities = ['good', 'risky', 'bad'] as const;
export const verificationQualitySchema = z.enum(verificationQualities);
export type VerificationQuality = z.infer<typeof verificationQualitySchema>;

/** Step 1 (format and domain). `dns_error` is ours: a DNS failure is never "domain does not exist". */
export const step1ReasonCodes = [
  'syntax',
  'no_domain',
  'null_mx',
  'no_mail_host',
  'disposable',
  'dns_error',
] as const;

/** Step 2 (SMTP). `disposable` comes through from step 1. */
export const step2ReasonCodes = [
  'catch_all',
  'accepted',
  'role',
  'rejected',
  'mailbox_full',
  'policy_block',
  'greylisted',
  'temp_failure',
  'unreachable',
  'disposable',
] as const;

export const reasonCodes = [...new Set([...step1ReasonCodes, ...step2ReasonCodes])] as [
  (typeof step1ReasonCodes)[number] | (typeof step2ReasonCodes)[number],
  ...((typeof step1ReasonCodes)[number] | (typeof step2ReasonCodes)[number])[],
];
export const reasonCodeSchema = z.enum(reasonCodes);
export type ReasonCode = z.infer<typeof reasonCodeSchema>;

/** Short human labels for the web and exports. */
export const reasonLabels: Record<ReasonCode, string> = {
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
  unreachable: 'No mail server reachable',
};

export function qualityOf(status: VerificationStatus): VerificationQuality {
  return status === 'valid' ? 'good' : status === 'invalid' ? 'bad' : 'risky';
}

/** Columns a verified CSV adds after the user's own (VERIFICATION.md), in the CLI and in exports. */
export const RESULT_CSV_COLUMNS = [
  'initial_status',
  'final_status',
  'reason',
  'role',
  'free',
  'disposable',
  'suggestion',
  'mx_host',
  'smtp_code',
  'smtp_message',
] as const;
