import { z } from 'zod';
import { apiListSchema, apiResultSchema } from './api-v1';
import {
  addSendingDomainSchema,
  headerCheckInputSchema,
  headerReportSchema,
  sendingDomainListSchema,
  sendingDomainSchema,
} from './deliverability';
import {
  bulkFindBodySchema,
  findFilterSchema,
  findJobSchema,
  findPersonSchema,
  findResultSchema,
  findResultsPageSchema,
} from './finder';
import { exportTypes, minScoreSchema, resultFilters } from './lists';
import { probeBudgetSchema } from './probe-budget';
import { bounceBudgetSchema, campaignSchema } from './smartlead';
import { addResultSchema, addSuppressionSchema, suppressionListSchema } from './suppressions';
import { planStateSchema, usageCounterSchema } from './usage';
import { ourSideNoticeSchema } from './verification';

// Contracts of the MCP server's tools (/mcp, decision 0880): each tool's input and structured output.
// They reuse the API v1 and screens' contracts, so a tool answers the same shapes as the routes.

export const MCP_PATH = '/mcp';
/** Addresses verify_emails checks inline; larger sets are a list (start_list_verification). */
export const MCP_INLINE_EMAILS = 200;
/** Rows one tool call may carry (lists and finds). */
export const MCP_BULK_ROWS = 5_000;
/** Characters of CSV text start_list_verification takes (about 5,000 rows with a few columns). */
export const MCP_CSV_CHARS = 2_000_000;

const listId = z.string().max(100).describe('The list id (from start_list_verification or verify_emails).');
const findId = z.string().max(100).describe('The find id (from find_email or find_emails).');

export const mcpEmailInput = z.object({
  email: z.string().trim().min(1, 'email is required').max(320).describe('The address to verify.'),
});
export const mcpEmailsInput = z.object({
  emails: z
    .array(z.string().trim().min(1).max(320))
    .min(1, 'emails must hold at least one address')
    .max(MCP_INLINE_EMAILS, `At most ${MCP_INLINE_EMAILS} addresses: use start_list_verification for more`)
    .describe(`Up to ${MCP_INLINE_EMAILS} addresses.`),
});
export const mcpStartListInput = z
  .object({
    name: z.string().trim().min(1).max(200).optional().describe('A name for the list.'),
    emails: z
      .array(z.string().trim().min(1).max(320))
      .max(MCP_BULK_ROWS, `At most ${MCP_BULK_ROWS} addresses in one call`)
      .optional()
      .describe(`The addresses, up to ${MCP_BULK_ROWS}. Give emails or csv.`),
    csv: z
      .string()
      .max(MCP_CSV_CHARS, 'The CSV text is too long: send at most about 5,000 rows')
      .optional()
      .describe('CSV text with a header row; the email column is found by its header or content.'),
  })
  .refine((v) => Boolean(v.emails?.length) !== Boolean(v.csv?.trim()), {
    message: 'Give either emails or csv (one of them, not empty)',
    path: ['emails'],
  });
export const mcpListIdInput = z.object({ listId });
export const mcpEstimateInput = z
  .object({
    emails: z
      .array(z.string().trim().min(1).max(320))
      .max(MCP_BULK_ROWS, `At most ${MCP_BULK_ROWS} addresses in one call`)
      .optional()
      .describe(`Addresses of a list not stored yet, up to ${MCP_BULK_ROWS}. Give emails or listId.`),
    listId: listId.optional().describe('A stored list of this workspace, before it is verified.'),
  })
  .refine((v) => Boolean(v.emails?.length) !== Boolean(v.listId), {
    message: 'Give either emails or listId (one of them, not empty)',
    path: ['emails'],
  });
export const mcpListResultsInput = z.object({
  listId,
  status: z.enum(resultFilters).default('all').describe('Only rows with this final verdict.'),
  reason: z.string().max(60).optional().describe('Only rows with this reason code (e.g. catch_all).'),
  minScore: minScoreSchema.describe('Only rows whose confidence score is at least this (0–100).'),
  page: z.number().int().min(1).default(1).describe('Page number, 50 rows a page.'),
});
export const mcpExportInput = z.object({
  listId,
  type: z.enum(exportTypes).default('all').describe('all, valid or invalid rows.'),
  minScore: minScoreSchema.describe('Only rows whose confidence score is at least this (0–100).'),
});
export const mcpFindManyInput = bulkFindBodySchema.extend({
  people: z.array(findPersonSchema).min(1).max(MCP_BULK_ROWS, `At most ${MCP_BULK_ROWS} people in one call`),
});
export const mcpFindIdInput = z.object({ findId });
export const mcpFindResultsInput = z.object({
  findId,
  filter: findFilterSchema.default('all'),
  page: z.number().int().min(1).default(1),
  pageSize: z.number().int().min(1).max(200).default(50),
});
export const mcpDomainInput = addSendingDomainSchema.pick({ domain: true });
export const mcpSendInput = z
  .object({
    listId: listId.describe('The verified list whose addresses go to Smartlead.'),
    campaignName: z
      .string()
      .trim()
      .min(1)
      .max(200)
      .optional()
      .describe('Send into a new Smartlead campaign of this name. Give campaignName or campaignId.'),
    campaignId: z
      .string()
      .max(100)
      .optional()
      .describe('Send into this existing campaign (an id from list_smartlead_campaigns).'),
    includeRisky: z
      .boolean()
      .default(false)
      .describe('Also send risky rows that may still deliver (catch-all servers, role addresses).'),
    bounceBudget: bounceBudgetSchema.describe(
      'Highest projected bounce rate accepted, in percent (default 2).',
    ),
    dryRun: z
      .boolean()
      .default(true)
      .describe('True (default): only say what would be sent and what is held back. False: really send.'),
  })
  .refine((v) => Boolean(v.campaignName) !== Boolean(v.campaignId), {
    message: 'Give either campaignName (a new campaign) or campaignId (an existing one)',
    path: ['campaignName'],
  });
export const mcpNoInput = z.object({});
export const mcpSuppressionsInput = z.object({
  page: z.number().int().min(1).default(1),
  search: z.string().trim().max(254).default(''),
});

export const mcpListSchema = apiListSchema.extend({
  notice: ourSideNoticeSchema
    .nullable()
    .describe('Set while verification is paused because something on our side fails; it resumes by itself.'),
});
export const mcpVerifyOutput = z.object({
  status: z.enum(['done', 'pending']),
  listId: z.string(),
  result: apiResultSchema.nullable(),
});
export const mcpVerifyManyOutput = z.object({
  list: mcpListSchema,
  results: z.array(apiResultSchema),
  complete: z.boolean().describe('False: some rows are still being checked; ask get_list_results later.'),
});
export const mcpResultsOutput = z.object({
  results: z.array(apiResultSchema),
  total: z.number().int(),
  page: z.number().int(),
  totalPages: z.number().int(),
});
export const mcpExportOutput = z.object({
  url: z.string().describe('Download link of the CSV; works without sign-in until expiresAt.'),
  expiresAt: z.string(),
});
export const mcpFindOutput = z.object({ find: findJobSchema, result: findResultSchema.nullable() });
export const mcpFindJobOutput = z.object({ find: findJobSchema });
export const mcpCampaignsOutput = z.object({
  campaigns: z.array(campaignSchema),
  smartleadReachable: z.boolean(),
});
export const mcpSendOutput = z.object({
  dryRun: z.boolean(),
  wouldSend: z.number().int().describe('Addresses that go (or would go) to Smartlead.'),
  heldBack: z
    .array(z.object({ reason: z.string(), count: z.number().int() }))
    .describe('Addresses left out and why: invalid, risky, not_checked, suppressed.'),
  blockers: z
    .array(z.string())
    .describe('What would refuse the send (bounce budget, a failing sending domain); empty: it can go.'),
  campaign: campaignSchema.nullable().describe('The campaign created (only when dryRun is false).'),
});
export const mcpUsageOutput = z.object({
  plan: planStateSchema,
  month: z.string(),
  resetsAt: z.string(),
  counters: z.array(usageCounterSchema),
  left: z.object({ verification: z.number().nullable(), find: z.number().nullable() }),
  probeBudget: probeBudgetSchema.describe(
    "The workspace's mail-server probe budget (RCPTs and sessions): spent, allowance and left this hour and today, and when each window turns. A verification or find that reaches it pauses and resumes by itself.",
  ),
});

export {
  addResultSchema as mcpSuppressOutput,
  addSuppressionSchema as mcpAddSuppressionInput,
  findPersonSchema as mcpFindOneInput,
  findResultsPageSchema as mcpFindResultsOutput,
  headerCheckInputSchema as mcpHeadersInput,
  headerReportSchema as mcpHeadersOutput,
  sendingDomainListSchema as mcpDomainsOutput,
  sendingDomainSchema as mcpDomainOutput,
  suppressionListSchema as mcpSuppressionsOutput,
};
