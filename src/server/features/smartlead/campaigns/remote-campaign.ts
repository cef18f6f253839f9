import { z } from 'zod';
import { type CampaignSettings, STOP_LEAD_ON } from '../../../../shared/campaign-edit';
import type { Schedule } from '../../../../shared/email-automation';
import type { SmartleadClient } from '../connection/client';
import type { ExistingStep } from './remote';

// One campaign's configuration as Smartlead reads it back (GET /campaigns/{id}, api.smartlead.ai "Get
// Campaign by ID"): status, tracking, stop condition, plain text and the schedule, which Smartlead answers
// as `scheduler_cron_value` {tz, days, startHour, endHour} beside `min_time_btwn_emails` and
// `max_leads_per_day`. Parsed leniently: a campaign made in Smartlead's app may lack any of these.

const num = z
  .union([z.number(), z.string()])
  .nullish()
  .transform((v) => {
    const n = Number(v);
    return v === null || v === undefined || v === '' || !Number.isFinite(n) ? null : n;
  });

const campaignObjectSchema = z
  .object({
    status: z.string().nullish(),
    // Written as DONT_TRACK_EMAIL_OPEN, read back as DONT_EMAIL_OPEN (both forms are documented).
    track_settings: z.union([z.array(z.string()), z.string()]).nullish(),
    stop_lead_settings: z.string().nullish(),
    send_as_plain_text: z.boolean().nullish(),
    scheduler_cron_value: z
      .object({
        tz: z.string().nullish(),
        days: z.array(z.coerce.number()).nullish(),
        startHour: z.string().nullish(),
        endHour: z.string().nullish(),
      })
      .passthrough()
      .nullish(),
    min_time_btwn_emails: num,
    max_leads_per_day: num,
  })
  .passthrough();

export interface RemoteCampaignConfig {
  status: string;
  settings: CampaignSettings;
  schedule: Schedule | null;
}

export async function getCampaignConfig(client: SmartleadClient, id: number): Promise<RemoteCampaignConfig> {
  const c = campaignObjectSchema.parse((await client.call('GET', `/campaigns/${id}`)) ?? {});
  const track = [c.track_settings ?? []].flat();
  const stop = STOP_LEAD_ON.find((s) => s === c.stop_lead_settings) ?? 'REPLY_TO_AN_EMAIL';
  const cron = c.scheduler_cron_value;
  const schedule =
    cron?.tz && cron.days?.length && cron.startHour && cron.endHour
      ? {
          timezone: cron.tz,
          days: cron.days,
          startHour: cron.startHour,
          endHour: cron.endHour,
          minTimeBetweenEmails: c.min_time_btwn_emails ?? 10,
          maxNewLeadsPerDay: c.max_leads_per_day ?? 100,
        }
      : null;
  return {
    status: c.status ?? 'DRAFTED',
    settings: {
      trackOpens: !track.some((t) => t.includes('EMAIL_OPEN')),
      trackClicks: !track.some((t) => t.includes('LINK_CLICK')),
      stopLeadOn: stop,
      plainText: c.send_as_plain_text === true,
    },
    schedule,
  };
}

/** POST /campaigns/{id}/settings (api.smartlead.ai "Update Campaign Settings"). */
export async function saveSettings(client: SmartleadClient, id: number, s: CampaignSettings) {
  await client.call('POST', `/campaigns/${id}/settings`, {
    track_settings: [
      ...(s.trackOpens ? [] : ['DONT_TRACK_EMAIL_OPEN']),
      ...(s.trackClicks ? [] : ['DONT_TRACK_LINK_CLICK']),
    ],
    stop_lead_settings: s.stopLeadOn,
    send_as_plain_text: s.plainText,
  });
}

const sequenceIdSchema = z
  .object({
    id: z.coerce.number(),
    seq_number: z.coerce.number(),
    // Answered as sequence_variants; seq_variants as it was saved is read too.
    sequence_variants: z.array(z.unknown()).nullish(),
    seq_variants: z.array(z.unknown()).nullish(),
  })
  .passthrough();
const variantIdSchema = z.object({ id: z.coerce.number(), variant_label: z.string() }).passthrough();

/** seq_number → the campaign's existing sequences and their variants (GET /campaigns/{id}/sequences). */
export async function existingSteps(client: SmartleadClient, id: number): Promise<Map<number, ExistingStep>> {
  const data = await client.call('GET', `/campaigns/${id}/sequences`);
  const list = Array.isArray(data) ? data : ((data as { data?: unknown })?.data ?? []);
  const steps = new Map<number, ExistingStep>();
  for (const row of Array.isArray(list) ? list : []) {
    const p = sequenceIdSchema.safeParse(row);
    if (!p.success) continue;
    const variants = new Map<string, number>();
    for (const v of p.data.sequence_variants ?? p.data.seq_variants ?? []) {
      const pv = variantIdSchema.safeParse(v);
      if (pv.success) variants.set(pv.data.variant_label, pv.data.id);
    }
    steps.set(p.data.seq_number, { id: p.data.id, variants });
  }
  return steps;
}
