import { z } from 'zod';
import { scheduleSchema, stepsSchema } from './email-automation';

// Editing a campaign that already exists in Smartlead, running or not (decision 0202). Each part is
// optional: the screen saves one at a time.

export const campaignSettingsSchema = z.object({
  trackOpens: z.boolean(),
  trackClicks: z.boolean(),
  /** Stop a lead's sequence once it replies. */
  stopOnReply: z.boolean(),
  plainText: z.boolean(),
});
export type CampaignSettings = z.infer<typeof campaignSettingsSchema>;

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
 * What a change means for leads already in the campaign, as Smartlead documents and behaves: said on the
 * screen beside each part, and returned with the change.
 */
export const IN_FLIGHT_EFFECT: Record<'steps' | 'schedule' | 'settings' | 'emailAccountIds', string> = {
  steps:
    'Leads keep their place: each gets the new content from its next step on; steps already sent are not sent again. A running campaign is paused for the change and resumed right after.',
  schedule: 'Applies from now: the next sends of every lead follow the new days, hours and pace.',
  settings: 'Applies to emails sent from now; opens and clicks already tracked stay.',
  emailAccountIds:
    'Leads continue from the remaining accounts; a removed account sends nothing more for this campaign.',
};

export const editCampaignResultSchema = z.object({
  changed: z.array(z.enum(['steps', 'schedule', 'settings', 'emailAccountIds'])),
  /** What happens to leads already in flight, for each part changed. */
  inFlight: z.array(z.string()),
  /** The campaign was running: it was paused for the sequence change and resumed. */
  pausedAndResumed: z.boolean(),
});
export type EditCampaignResult = z.infer<typeof editCampaignResultSchema>;
