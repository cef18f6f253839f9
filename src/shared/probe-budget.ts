import { z } from 'zod';

// The probe budget (decision 0860): what mail servers see of a workspace (RCPTs and SMTP sessions),
// limited per hour, per day and per target domain per hour. Used by the server, the web and API v1.

export const probeBudgetWindowSchema = z.object({
  /** Probes spent in this window (an RCPT asked, or an SMTP session opened, for this workspace). */
  spent: z.number().int(),
  /** The window's allowance. */
  allowance: z.number().int(),
  /** What is left (never below 0). */
  left: z.number().int(),
  /** ISO time the window turns. */
  resetsAt: z.string(),
});

export const probeBudgetSchema = z.object({
  /** Whose allowance applies: a trial's, or a paid plan's (the operator may have set this workspace's own). */
  tier: z.enum(['trial', 'hobbyist', 'professional', 'whitelabel']),
  hour: probeBudgetWindowSchema,
  day: probeBudgetWindowSchema,
  /** The most probes one target domain may take in an hour. */
  perDomainHour: z.number().int(),
});
export type ProbeBudgetUsage = z.infer<typeof probeBudgetSchema>;

/** Which limit a paused run reached. */
export type BudgetLimit = 'hour' | 'day' | 'domain';

/** The sentence a paused find or list shows (with the time it resumes beside it). */
export function budgetMessage(o: { limit: BudgetLimit; allowance: number; domain?: string }): string {
  const n = o.allowance.toLocaleString('en-US');
  if (o.limit === 'domain')
    return `This workspace has used its ${n} mail-server checks at ${o.domain ?? 'one domain'} for this hour (the limit per domain); it resumes by itself when the hour turns`;
  if (o.limit === 'day')
    return `This workspace has used its ${n} mail-server checks for today (its daily probe budget); it resumes by itself tomorrow`;
  return `This workspace has used its ${n} mail-server checks for this hour (its hourly probe budget); it resumes by itself when the hour turns`;
}
