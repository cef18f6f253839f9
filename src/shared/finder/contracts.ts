import { z } from 'zod';
import { normalizeDomain, publicDomainProblem } from '../public-domain';
import { ourSideNoticeSchema } from '../verification';

// Contracts of the email finder (a person's address from their name and company): the single find,
// bulk finds from a CSV, their results and history. Shared by the server, API v1 and the web.

/**
 * - valid: the mail server accepted this address and rejects made-up ones (not catch-all);
 * - accept_all: the server accepts any address; this is the best-supported guess, never proven;
 * - unknown: the server would not say (greylisting that did not clear, a policy block, no answer);
 * - ambiguous: the address fits another person of the same search or workspace too (j.smith@ for Jane
 *   and John Smith), so it is given to neither;
 * - not_found: every candidate was rejected, or the name or domain cannot make an address.
 */
export const FIND_STATUSES = ['valid', 'accept_all', 'unknown', 'ambiguous', 'not_found'] as const;
export const findStatusSchema = z.enum(FIND_STATUSES);
export type FindStatus = z.infer<typeof findStatusSchema>;

export const FIND_STATUS_LABELS: Record<FindStatus, string> = {
  valid: 'Valid',
  accept_all: 'Accept-all',
  unknown: 'Unverified',
  ambiguous: 'Ambiguous',
  not_found: 'Not found',
};

/** Where the pattern of the answer came from, strongest first. */
export const PATTERN_SOURCES = ['workspace', 'this_search', 'website', 'common'] as const;
export const patternSourceSchema = z.enum(PATTERN_SOURCES);
export type PatternSource = z.infer<typeof patternSourceSchema>;

export const PATTERN_SOURCE_LABELS: Record<PatternSource, string> = {
  workspace: "Your workspace's addresses at this domain",
  this_search: 'Colleagues found earlier in this search',
  website: "The company's website",
  common: 'How common the pattern is',
};

export const findEvidenceSchema = z.object({
  /** The mail server's reply to the answer's RCPT (or the last candidate's when none was accepted). */
  smtpCode: z.number().int().nullable(),
  smtpMessage: z.string().nullable(),
  /** Other candidates the server rejected before this answer. */
  rejected: z.number().int(),
  /** Candidates asked in all. */
  tried: z.number().int(),
  source: patternSourceSchema,
  /** Addresses that showed the pattern (the workspace's own or published on the website), at most 3. */
  examples: z.array(z.string()),
  /** A sentence for the user where the status needs one (collision, why unknown, no website). */
  note: z.string().nullable(),
});
export type FindEvidence = z.infer<typeof findEvidenceSchema>;

const nameField = z.string().trim().max(100).optional();

/**
 * A company given as a domain or a URL must name a public host (the typed-domain rule,
 * shared/public-domain.ts): never an IP address or an internal name, whose mail server we would probe.
 * A company name alone ("Acme Inc") names no domain and is left to the finder's "no domain" answer.
 */
export function companyDomainProblem(company: string): string | null {
  const host = normalizeDomain(company).replace(/:\d+$/, '');
  if (/\s/.test(host) || (!host.includes('.') && !/^[\d:[\]]+$/.test(host))) return null;
  // An international name is checked by the server once in ASCII (punycode).
  if (/[^\x20-\x7e]/.test(host)) return null;
  return publicDomainProblem(host);
}

/** One person to find: a first and last name, or a full name, and a company domain or website URL. */
export const findPersonSchema = z
  .object({
    firstName: nameField,
    lastName: nameField,
    fullName: z.string().trim().max(200).optional(),
    company: z
      .string()
      .trim()
      .min(1, 'Enter the company domain or website')
      .max(300)
      .superRefine((v, ctx) => {
        const problem = companyDomainProblem(v);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }),
  })
  .refine((p) => Boolean(p.firstName || p.lastName || p.fullName), {
    message: 'Enter a name',
    path: ['fullName'],
  });
export type FindPerson = z.infer<typeof findPersonSchema>;

export const findResultSchema = z.object({
  id: z.string(),
  /** The name as given, for the table. */
  name: z.string(),
  company: z.string(),
  /** The domain the company resolved to (null when it could not be read). */
  domain: z.string().nullable(),
  email: z.string().nullable(),
  status: findStatusSchema,
  /** 0–100: how sure we are that the address reaches this person. */
  score: z.number().int().min(0).max(100),
  pattern: z.string().nullable(),
  evidence: findEvidenceSchema,
  /** The row of the uploaded CSV (bulk), from 1. */
  row: z.number().int().nullable(),
  createdAt: z.string(),
});
export type FindResult = z.infer<typeof findResultSchema>;

export const FIND_JOB_STATUSES = ['queued', 'running', 'completed', 'stopped', 'failed'] as const;
export const findJobStatusSchema = z.enum(FIND_JOB_STATUSES);
export type FindJobStatus = z.infer<typeof findJobStatusSchema>;

export const findJobSchema = z.object({
  id: z.string(),
  kind: z.enum(['single', 'bulk']),
  name: z.string(),
  status: findJobStatusSchema,
  total: z.number().int(),
  done: z.number().int(),
  /** Rows that returned an address (valid or accept-all): what is metered. */
  found: z.number().int(),
  error: z.string().nullable(),
  /** While it runs: a wait on our side (the resolver lies, mail servers unreachable); null otherwise. */
  notice: ourSideNoticeSchema.nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type FindJob = z.infer<typeof findJobSchema>;

export const findJobListSchema = z.object({ jobs: z.array(findJobSchema) });

/**
 * A single find's answer: its job (for history) and the one result. The result is null (HTTP 202) when
 * the mail server has not answered within the request's time (greylisting): poll the job's results.
 */
export const singleFindResponseSchema = z.object({ job: findJobSchema, result: findResultSchema.nullable() });

export const FIND_FILTERS = [
  'all',
  'found',
  'valid',
  'accept_all',
  'unknown',
  'ambiguous',
  'not_found',
] as const;
export const findFilterSchema = z.enum(FIND_FILTERS);
export type FindFilter = z.infer<typeof findFilterSchema>;

export const findResultsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
  filter: findFilterSchema.default('all'),
  search: z.string().max(200).default(''),
});
export type FindResultsQuery = z.infer<typeof findResultsQuerySchema>;

export const findResultsPageSchema = z.object({
  job: findJobSchema,
  results: z.array(findResultSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Rows per status over the whole job (the filter chips' counts). */
  counts: z.record(findStatusSchema, z.number().int()),
});
export type FindResultsPage = z.infer<typeof findResultsPageSchema>;

/** Bulk find from JSON (API v1): the same people a CSV would hold. */
export const bulkFindBodySchema = z.object({
  name: z.string().trim().max(120).optional(),
  people: z.array(findPersonSchema).min(1).max(10_000),
});

/** What "send to verification" made: a list of the found addresses, verifying now. */
export const findSendResponseSchema = z.object({ uploadId: z.string(), emailCount: z.number().int() });
export type FindSendResponse = z.infer<typeof findSendResponseSchema>;

/** Most people per bulk CSV (each costs a few SMTP questions at someone's mail server). */
export const FIND_BULK_MAX_ROWS = 10_000;
