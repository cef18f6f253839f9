import { z } from 'zod';
import { campaignDetailSchema, scheduleSchema, stepsSchema } from './email-automation';
import { campaignSchema } from './smartlead';

// Editing a campaign that already exists in Smartlead, running or not, created here or imported
// (decision 0202). Each part is optional: the screen saves one at a time.

/** Smartlead's `stop_lead_settings` values (api.smartlead.ai, Update Campaign Settings). */
export const STOP_LEAD_ON = ['REPLY_TO_AN_EMAIL', 'CLICK_ON_A_LINK', 'OPEN_AN_EMAIL'] as const;
export const STOP_LEAD_LABELS: Record<(typeof STOP_LEAD_ON)[number], string> = {
  REPLY_TO_AN_EMAIL: 'replies to an email',
  CLICK_ON_A_LINK: 'clicks a link',
  OPEN_AN_EMAIL: 'opens an email',
};

export const campaignSettingsSchema = z.object({
  trackOpens: z.boolean(),
  trackClicks: z.boolean(),
  /** When Smartlead stops emailing a lead. */
  stopLeadOn: z.enum(STOP_LEAD_ON, { error: 'Choose when to stop emailing a lead' }),
  plainText: z.boolean(),
});
export type CampaignSettings = z.infer<typeof campaignSettingsSchema>;

/**
 * Smartlead's help center: open and click tracking, and plain text ("Optimize Email Delivery"), cannot be
 * changed once a campaign has started. We refuse such a change rather than send one Smartlead may ignore.
 */
export const LOCKED_AFTER_START =
  'Tracking and plain text cannot be changed once a campaign has started (Smartlead fixes them at launch). Create a new campaign to change them.';

export const editCampaignSchema = z
  .object({
    steps: stepsSchema.optional(),
    schedule: scheduleSchema.optional(),
    settings: campaignSettingsSchema.optional(),
    emailAccountIds: z
      .array(z.number().int().positive())
      .min(1, 'Keep at least one sending account')
      .max(100)
      .optional(),
  })
  .refine((v) => v.steps || v.schedule || v.settings || v.emailAccountIds, { message: 'Nothing to change' });
export type EditCampaignInput = z.infer<typeof editCampaignSchema>;

/**
 * What a change means for leads already in the campaign: what Smartlead documents, and where it says
 * nothing, that it says nothing. Shown beside each part on the screen and returned with the change.
 */
export const IN_FLIGHT_EFFECT: Record<'steps' | 'schedule' | 'settings' | 'emailAccountIds', string> = {
  steps:
    'Smartlead does not accept a sequence change while a campaign runs, so a running campaign is paused for the change and resumed right after; paused, no lead is emailed. Emails already sent stay as they were. Smartlead does not document which version a lead part-way through the sequence gets for its next step.',
  schedule:
    'The schedule decides when the campaign’s emails go out, so the next emails of every lead follow the new days, hours, pace and daily limit. Smartlead documents nothing more specific about leads already part-way through.',
  settings:
    'The stop condition applies to what leads do from now on (Smartlead does not document whether earlier opens or clicks count). Tracking and plain text are fixed once the campaign has started.',
  emailAccountIds:
    'Smartlead’s help center: leads in progress that were being sent from a removed account receive no further emails from this campaign, and an added account is used for new leads, not for leads already in progress.',
};

export const editCampaignResultSchema = z.object({
  changed: z.array(z.enum(['steps', 'schedule', 'settings', 'emailAccountIds'])),
  /** What happens to leads already in flight, for each part changed. */
  inFlight: z.array(z.string()),
  /** The campaign was running: it was paused for the sequence change and resumed. */
  pausedAndResumed: z.boolean(),
});
export type EditCampaignResult = z.infer<typeof editCampaignResultSchema>;

/** The campaign page: Smartlead's view, plus its settings read back (null when Smartlead did not answer). */
export const campaignPageSchema = campaignDetailSchema.extend({
  campaign: campaignSchema,
  settings: campaignSettingsSchema.nullable(),
});
export type CampaignPage = z.infer<typeof campaignPageSchema>;
