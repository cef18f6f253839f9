import { z } from 'zod';
import { campaignSetupSchema } from './email-automation';
import { suppressionReasons } from './suppressions';

// Contracts of the Smartlead integration (provider settings, selectable email, campaign; the calls).

/** What the key input shows when a key is saved; never resubmitted, and refused by the server. */
export const API_KEY_MASK = '••••••••••••••••';
export const NO_KEY_MESSAGE = 'Please configure your Smartlead API key in the settings';
/** Smartlead accepts at most 100 leads per add-leads request. */
export const LEADS_PER_BATCH = 100;
export const MAX_LEADS_PER_SEND = 50_000;

/** True for values the UI shows instead of a key (the mask, or any run of mask characters). */
export const isMaskedKey = (v: string) => v === API_KEY_MASK || /^[•*]+$/.test(v.trim());

export const settingsSchema = z.object({
  hasApiKey: z.boolean(),
  lastTested: z.string().nullable(),
  accountInfo: z.object({ email: z.string().nullable(), plan: z.string().nullable() }).nullable(),
});
export type SmartleadSettings = z.infer<typeof settingsSchema>;

export const saveSettingsSchema = z.object({
  apiKey: z
    .string({ error: 'Please enter your Smartlead API key' })
    .trim()
    .min(1, 'Please enter your Smartlead API key')
    .max(256, 'That API key is too long')
    .refine((v) => !isMaskedKey(v), 'Enter the full API key: the masked value cannot be saved')
    .refine((v) => !/\s/.test(v), 'An API key has no spaces'),
});
export type SaveSettingsInput = z.infer<typeof saveSettingsSchema>;

export const testResultSchema = z
  .object({ success: z.literal(true), message: z.string() })
  .and(settingsSchema);

const nameField = z.string().trim().max(200).optional().default('');
export const leadSchema = z.object({
  email: z.string().trim().toLowerCase().max(254).email('Invalid email address'),
  first_name: nameField,
  last_name: nameField,
  company_name: nameField,
  /** Uploaded columns by merge key ({{job_title}} …), passed to Smartlead as custom fields. */
  custom_fields: z
    .record(z.string().max(60), z.string().max(500))
    .refine((r) => Object.keys(r).length <= 30, 'At most 30 custom fields per lead')
    .optional(),
});
export type LeadInput = z.input<typeof leadSchema>;

/** The bounce budget of a send, in percent (shared/bounce-budget.ts); unset: the default 2%. */
export const bounceBudgetSchema = z
  .number()
  .min(0.5, 'The bounce budget is at least 0.5%')
  .max(100)
  .optional();

/** A row of a verified list, by its id in `/api/smartlead/verified-emails` (`emails[].id`). */
const rowIdSchema = z.string().regex(/^\d{1,18}$/, 'A row id is a number');

/** Whole lists and single rows; a request that names nothing is refused. */
const rowSelection = {
  uploadIds: z.array(z.guid('An upload id is a UUID')).max(1_000).optional().default([]),
  rowIds: z.array(rowIdSchema).max(MAX_LEADS_PER_SEND).optional().default([]),
  /** Send risky rows whose mailbox may still exist (catch-all servers, role addresses) too. */
  includeRisky: z.boolean().optional().default(false),
};
const namesRows = (v: { uploadIds: string[]; rowIds: string[] }) => v.uploadIds.length + v.rowIds.length > 0;
const namesNothing = { message: 'Select at least one email to send', path: ['rowIds'] };

/**
 * A send names what to send (decision 0935): whole verified lists (`uploadIds`) and single rows
 * (`rowIds`, from `/api/smartlead/verified-emails`); the server reads the rows from the workspace's lists
 * and builds the leads. Valid rows go; risky catch-all and role rows only with `includeRisky`; invalid and
 * suppressed rows never. Another workspace's list or row answers 404.
 */
export const createCampaignSchema = z
  .object({
    campaignName: z
      .string()
      .trim()
      .min(1, 'Please enter a campaign name')
      .max(200, 'Campaign name is too long'),
    ...rowSelection,
    /** Sequence, sending accounts and schedule; without it the campaign is created empty (a bare draft). */
    setup: campaignSetupSchema.optional(),
    /** Start the campaign once every lead is in ("create and start"); needs `setup`. */
    start: z.boolean().optional().default(false),
    /**
     * The highest projected bounce rate (percent) the user accepts when risky rows are in the send
     * (shared/bounce-budget.ts); 100: no limit. A send of valid rows only is never held to it.
     */
    bounceBudget: bounceBudgetSchema,
    /**
     * Send even though a sending mailbox's domain fails its DNS checks (Deliverability); without it such
     * a send is refused with 409 and `reason: "sending_domain_failing"`.
     */
    force: z.boolean().optional().default(false),
  })
  .refine(namesRows, namesNothing)
  .refine((v) => !v.start || v.setup, {
    message: 'A campaign can only start with a sequence, accounts and a schedule',
    path: ['start'],
  });
export type CreateCampaignInput = z.input<typeof createCampaignSchema>;
export type CreateCampaign = z.output<typeof createCampaignSchema>;

/** More leads for a campaign already in Smartlead, named the same way as a send's (Add leads). */
export const addLeadsSchema = z
  .object({ ...rowSelection, bounceBudget: bounceBudgetSchema })
  .refine(namesRows, namesNothing);
export type AddLeadsInput = z.input<typeof addLeadsSchema>;

export const SEND_STATES = ['queued', 'sending', 'completed', 'failed'] as const;
export const sendProgressSchema = z.object({
  id: z.string(),
  state: z.enum(SEND_STATES),
  totalLeads: z.number(),
  batchCount: z.number(),
  batchesDone: z.number(),
  leadsProcessed: z.number(),
  added: z.number(),
  duplicates: z.number(),
  invalid: z.number(),
  /** Leads verified more than REVERIFY_AFTER_DAYS ago, asked again before sending (decision 0221). */
  recheck: z
    .object({
      checked: z.number(),
      /** Found invalid now: held back, never sent. */
      heldInvalid: z.number(),
      /** Could not be checked (our side failing, or no answer in time): no verdict either way. */
      unanswered: z.number(),
      /** Of those, held back at the user's choice (the others went on their earlier verdict). */
      heldUnchecked: z.number().default(0),
      /** Unchecked leads waiting for the user's choice (the send waits meanwhile), and why. */
      waiting: z.object({ count: z.number(), why: z.string() }).nullable().default(null),
    })
    .default({ checked: 0, heldInvalid: 0, unanswered: 0, heldUnchecked: 0, waiting: null }),
  error: z.string().nullable(),
});
export type SendProgress = z.infer<typeof sendProgressSchema>;

/** The user's choice for leads a re-check could not ask about: hold them back, or send them as they were. */
export const uncheckedActions = ['hold', 'send'] as const;
export type UncheckedAction = (typeof uncheckedActions)[number];
export const uncheckedDecisionSchema = z.object({
  action: z.enum(uncheckedActions, { message: 'action must be hold or send' }),
});

export const campaignSchema = z.object({
  id: z.string(),
  name: z.string(),
  status: z.string(),
  created_at: z.string(),
  total_leads: z.number(),
  sent_count: z.number(),
  smartlead_id: z.number().nullable(),
  analytics: z.object({ open_rate: z.number(), reply_rate: z.number() }).nullable(),
  viewUrl: z.string().nullable(),
  send: sendProgressSchema,
  /** Made in Smartlead's own app and imported here (decision 0202). */
  imported: z.boolean().default(false),
});
export type Campaign = z.infer<typeof campaignSchema>;

/** A campaign of the workspace's Smartlead account that is not here yet. */
export const importableCampaignSchema = z.object({
  smartleadId: z.number(),
  name: z.string(),
  status: z.string(),
  createdAt: z.string().nullable(),
});
export type ImportableCampaign = z.infer<typeof importableCampaignSchema>;
export const importCampaignsSchema = z.object({
  smartleadIds: z.array(z.number().int().positive()).min(1, 'Choose at least one campaign').max(100),
});
export const importedCampaignsSchema = z.object({ imported: z.number() });

export const campaignListSchema = z.array(campaignSchema);

/** How each Smartlead status is shown; unknown values are shown as received. */
export const CAMPAIGN_STATUS_LABELS: Record<string, string> = {
  DRAFTED: 'Draft',
  ACTIVE: 'Active',
  PAUSED: 'Paused',
  COMPLETED: 'Completed',
  STOPPED: 'Stopped',
};
export const campaignStatusLabel = (s: string) => CAMPAIGN_STATUS_LABELS[s] ?? s;

export const sendableEmailSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  company: z.string().nullable(),
  /** valid, or risky (catch-all or role address: offered only when the user includes risky rows). */
  status: z.string(),
  /** Why a risky row is risky (catch_all, role); null for valid rows. */
  reason: z.string().nullable().default(null),
  /** The upload's other columns by merge key, for {{column}} merge fields. */
  fields: z.record(z.string(), z.string()).default({}),
  /** Campaigns this address was already sent to. */
  sentTo: z.array(z.object({ id: z.string(), name: z.string() })).default([]),
  /** Confidence 0–100 (decision 0221): 100 − score is its projected bounce, for the bounce budget. */
  score: z.number().int().nullable().default(null),
  /** Last checked more than REVERIFY_AFTER_DAYS ago: checked again before it goes (decision 0221). */
  stale: z.boolean().default(false),
});
export type SendableEmail = z.infer<typeof sendableEmailSchema>;

export const sendableGroupSchema = z.object({
  uploadId: z.string(),
  uploadName: z.string(),
  uploadedAt: z.string().nullable(),
  emails: z.array(sendableEmailSchema),
});
export type SendableGroup = z.infer<typeof sendableGroupSchema>;
export const sendableListSchema = z.object({
  groups: z.array(sendableGroupSchema),
  /** Valid rows (risky rows are counted in `risky`). */
  total: z.number(),
  risky: z.number().default(0),
  /** Addresses of the workspace's lists left out because they are on the suppression list, by reason. */
  heldBack: z.array(z.object({ reason: z.enum(suppressionReasons), count: z.number() })).default([]),
  /** The server's REVERIFY_AFTER_DAYS (0: stale leads are not checked again). */
  reverifyAfterDays: z.number().default(14),
});
export type SendableList = z.infer<typeof sendableListSchema>;
