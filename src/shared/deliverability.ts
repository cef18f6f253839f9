import { z } from 'zod';
import { publicDomainSchema } from './public-domain';
import { receiverRequirementsSchema } from './sender-requirements';

// Sending domains' DNS checks (decision 0900): what each check found, pass/warn/fail, and the exact
// record that fixes it. Used by the server's checks, the routes, the send screen and the Deliverability page.

/** `info`: an optional protocol not set up (MTA-STS, TLS-RPT, BIMI): shown, never counted in the state. */
export const CHECK_STATUSES = ['pass', 'warn', 'fail', 'unknown', 'info'] as const;
export type CheckStatus = (typeof CHECK_STATUSES)[number];

export const CHECK_KEYS = [
  'mx',
  'spf',
  'dkim',
  'dmarc',
  'tracking',
  'domain_lists',
  'ip_lists',
  'ptr',
  'mta_sts',
  'tls_rpt',
  'bimi',
  'dnssec',
] as const;
export type CheckKey = (typeof CHECK_KEYS)[number];

export const CHECK_LABELS: Record<CheckKey, string> = {
  mx: 'Mail servers (MX)',
  spf: 'SPF',
  dkim: 'DKIM',
  dmarc: 'DMARC',
  tracking: 'Tracking domain',
  domain_lists: 'Domain blocklists',
  ip_lists: 'Sending server blocklists',
  ptr: 'Reverse DNS of the sending server',
  mta_sts: 'MTA-STS',
  tls_rpt: 'TLS reporting (TLS-RPT)',
  bimi: 'BIMI (brand logo)',
  dnssec: 'DNSSEC',
};

/** A DNS record to add or change: what a registrar's form asks for. */
export const dnsFixSchema = z.object({
  action: z.enum(['add', 'change', 'remove', 'delist']),
  type: z.enum(['MX', 'TXT', 'CNAME', 'A', 'PTR']),
  name: z.string(),
  value: z.string(),
});
export type DnsFix = z.infer<typeof dnsFixSchema>;

/**
 * One term of an SPF record as a receiver evaluates it (decision 0910): its depth in the tree (0: the
 * domain's own record), the DNS look-ups it costs, and what was found.
 */
export const spfNodeSchema = z.object({
  depth: z.number().int(),
  /** The term as written ("include:_spf.google.com"), or the record itself at a name's first row. */
  term: z.string(),
  lookups: z.number().int(),
  /** ok; void (the name had no answer); warn (deprecated, a macro); error (a permanent error). */
  result: z.enum(['ok', 'void', 'warn', 'error']),
  note: z.string().nullable(),
});
export type SpfNode = z.infer<typeof spfNodeSchema>;

export const domainCheckSchema = z.object({
  key: z.enum(CHECK_KEYS),
  status: z.enum(CHECK_STATUSES),
  /** What was found, in words for the person who owns the domain. */
  summary: z.string(),
  fix: dnsFixSchema.nullable(),
  /** The other things found beside the summary's, worst first (a DMARC `pct`, a DKIM test flag). */
  notes: z.array(z.string()).optional(),
  /** SPF only: the record's tree as a receiver walks it. */
  tree: z.array(spfNodeSchema).optional(),
});
export type DomainCheck = z.infer<typeof domainCheckSchema>;

/** A domain's state: its worst check (`unknown` only when nothing failed or warned). */
export const DOMAIN_STATES = ['pass', 'warn', 'fail', 'unknown', 'unchecked'] as const;
export type DomainState = (typeof DOMAIN_STATES)[number];

export function worstOf(checks: readonly { status: CheckStatus }[]): Exclude<DomainState, 'unchecked'> {
  const has = (s: CheckStatus) => checks.some((c) => c.status === s);
  if (has('fail')) return 'fail';
  if (has('warn')) return 'warn';
  if (has('unknown')) return 'unknown';
  return 'pass';
}

// A selector is a DNS label of the user's own (underscores allowed), not a domain.
const optionalSelector = z
  .string()
  .trim()
  .toLowerCase()
  .max(63, 'A selector has at most 63 characters')
  .regex(/^$|^[a-z0-9_]([a-z0-9_.-]*[a-z0-9])?$/, 'Letters, digits, dots, dashes and underscores only')
  .optional()
  .transform((v) => (v ? v : undefined));
const optionalDomain = z
  .string()
  .optional()
  .transform((v) => (v?.trim() ? v : undefined))
  .pipe(publicDomainSchema.optional());

export const SENDING_PROVIDERS = ['google', 'microsoft', 'other'] as const;
export type SendingProvider = (typeof SENDING_PROVIDERS)[number];
export const SENDING_PROVIDER_LABELS: Record<SendingProvider, string> = {
  google: 'Google Workspace',
  microsoft: 'Microsoft 365',
  other: 'Another mail server',
};

export const addSendingDomainSchema = z.object({
  domain: publicDomainSchema,
  /** Who sends its mail; unset: read from the domain's MX. */
  provider: z.enum(SENDING_PROVIDERS).optional(),
  /** A DKIM selector of the user's own (else the provider's usual ones are tried). */
  dkimSelector: optionalSelector,
  /** The custom tracking domain (e.g. track.example.com), checked for its CNAME. */
  trackingDomain: optionalDomain,
});
export type AddSendingDomainInput = z.input<typeof addSendingDomainSchema>;

export const sendingDomainSchema = z.object({
  id: z.string(),
  domain: z.string(),
  source: z.enum(['mailbox', 'manual']),
  provider: z.enum(SENDING_PROVIDERS).nullable(),
  dkimSelector: z.string().nullable(),
  trackingDomain: z.string().nullable(),
  smtpHost: z.string().nullable(),
  state: z.enum(DOMAIN_STATES),
  checks: z.array(domainCheckSchema),
  checkedAt: z.string().nullable(),
  /** Set when the daily recheck found the state changed, until the user dismisses it. */
  notice: z.string().nullable(),
  /** Gmail's, Yahoo's and Microsoft's sender rules judged from the checks (shared/sender-requirements.ts). */
  requirements: z.array(receiverRequirementsSchema).optional(),
});
export type SendingDomain = z.infer<typeof sendingDomainSchema>;

export const sendingDomainListSchema = z.object({
  domains: z.array(sendingDomainSchema),
  /** Settings the checks miss, in words for the reader (e.g. no Spamhaus key). */
  setup: z.array(z.string()),
});
export type SendingDomainList = z.infer<typeof sendingDomainListSchema>;

/** The send screen's question: the state of the domains of these mailboxes. */
export const domainOfEmail = (email: string) => email.trim().toLowerCase().split('@')[1] ?? '';

/** The code of a send refused because a sending domain fails (retry with `force: true`). */
export const SENDING_DOMAIN_FAILING = 'sending_domain_failing';

/** The verifier's own standing (the operator's status endpoint and /metrics). */
export const verifierStandingSchema = z.object({
  checkedAt: z.string(),
  ip: z.string().nullable(),
  /** Found through SMTP_PROXY, or directly. */
  via: z.enum(['direct', 'proxy']),
  /** The proxy (ip:port) when SMTP_PROXY lists several: each is its own way out. */
  proxy: z.string().nullable().optional(),
  ptr: z.array(z.string()),
  forwardConfirmed: z.boolean(),
  heloName: z.string().nullable(),
  heloMatches: z.boolean(),
  listedOn: z.array(z.string()),
  unknownLists: z.array(z.string()),
  problems: z.array(z.string()),
  ok: z.boolean(),
});
export type VerifierStanding = z.infer<typeof verifierStandingSchema>;

/** The header check (decision 0910): raw headers of a message the user sent to themselves. */
export const HEADER_INPUT_MAX = 128 * 1024;
export const headerCheckInputSchema = z.object({
  headers: z
    .string()
    .min(1, 'Paste the headers of a message you sent to yourself.')
    .max(
      HEADER_INPUT_MAX,
      `Paste at most ${HEADER_INPUT_MAX / 1024} KB: the headers, not the whole message.`,
    ),
});
export type HeaderCheckInput = z.infer<typeof headerCheckInputSchema>;

const authResultSchema = z.object({
  method: z.string(),
  result: z.string(),
  /** `smtp.mailfrom`, `header.d`, `header.from`…: what the result is about. */
  props: z.record(z.string(), z.string()),
});
const findingSchema = z.object({ status: z.enum(['pass', 'warn', 'fail']), text: z.string() });
export type HeaderFinding = z.infer<typeof findingSchema>;

export const headerReportSchema = z.object({
  fromDomain: z.string().nullable(),
  envelopeDomain: z.string().nullable(),
  /** The receiver's Authentication-Results (the topmost), parsed. */
  authServer: z.string().nullable(),
  authResults: z.array(authResultSchema),
  spf: z.object({ result: z.string(), domain: z.string().nullable(), aligned: z.boolean() }),
  dkim: z.array(
    z.object({
      domain: z.string(),
      selector: z.string().nullable(),
      result: z.string(),
      aligned: z.boolean(),
    }),
  ),
  dmarc: z.object({ result: z.string(), fromReceiver: z.boolean() }),
  unsubscribe: z.object({
    header: z.string().nullable(),
    post: z.string().nullable(),
    oneClick: z.boolean(),
  }),
  /** Each hop, newest first: who handed the message to whom, and whether over TLS (null: not said). */
  hops: z.array(
    z.object({ from: z.string().nullable(), by: z.string().nullable(), tls: z.boolean().nullable() }),
  ),
  findings: z.array(findingSchema),
});
export type HeaderReport = z.infer<typeof headerReportSchema>;
