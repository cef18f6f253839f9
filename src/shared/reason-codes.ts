import { z } from 'zod';

// The verdicts and reason codes of VERIFICATION.md, and what the third-party verifier can say. What each
// reason means, scores and counts as is its row in reasons.ts.

export const verificationStatuses = ['valid', 'invalid', 'risky'] as const;
export const verificationStatusSchema = z.enum(verificationStatuses);
export type VerificationStatus = z.infer<typeof verificationStatusSchema>;

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
  'unverifiable',
  'disposable',
] as const;

/**
 * Learned from the workspace's own campaigns (decision 0220), not from a check: `bounced` is a hard bounce
 * reported by Smartlead, which makes the address invalid until a fresh SMTP answer says otherwise.
 */
export const outcomeReasonCodes = ['bounced'] as const;

type AnyReason =
  | (typeof step1ReasonCodes)[number]
  | (typeof step2ReasonCodes)[number]
  | (typeof outcomeReasonCodes)[number];
export const reasonCodes = [
  ...new Set([...step1ReasonCodes, ...step2ReasonCodes, ...outcomeReasonCodes]),
] as [AnyReason, ...AnyReason[]];
export const reasonCodeSchema = z.enum(reasonCodes);
export type ReasonCode = z.infer<typeof reasonCodeSchema>;

/**
 * What the third-party verifier (Reacher's answer) can say, most telling first: the first that holds
 * picks the reason whose row names it (verification/providers/verifier-api.ts). `unknown` always holds.
 */
export const VERIFIER_SIGNALS = [
  'disposable',
  'no_connection',
  'catch_all',
  'full_inbox',
  'undeliverable',
  'deliverable_role',
  'deliverable',
  'unknown',
] as const;
export type VerifierSignal = (typeof VERIFIER_SIGNALS)[number];
