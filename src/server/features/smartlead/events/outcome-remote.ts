import { z } from 'zod';
import { SMARTLEAD_EVENT_TYPES } from '../../../../shared/send-outcomes';
import type { SmartleadClient } from '../connection/client';

// Smartlead's endpoints for send outcomes, as documented: a campaign's webhook (POST
// /campaigns/{id}/webhooks with `event_types`) and its per-lead statistics (GET
// /campaigns/{id}/statistics, `data[]` of `lead_email`, `sent_time`, `reply_time`, `is_bounced`,
// `is_unsubscribed`, `sequence_number`; at most 100 rows a page here).

export const STATS_PAGE = 100;

/** Registers (or, with the same name, replaces) the campaign's webhook for the events we learn from. */
export async function registerCampaignWebhook(client: SmartleadClient, campaignId: number, url: string) {
  await client.call('POST', `/campaigns/${campaignId}/webhooks`, {
    id: null,
    name: 'Verilead send outcomes',
    webhook_url: url,
    event_types: [...SMARTLEAD_EVENT_TYPES],
    categories: [],
  });
}

const flag = z
  .union([z.boolean(), z.string(), z.number()])
  .nullish()
  .transform((v) => v === true || v === 'true' || v === 1 || v === '1');

export const leadStatSchema = z
  .object({
    lead_email: z.string(),
    sequence_number: z.union([z.number(), z.string()]).nullish(),
    sent_time: z.string().nullish(),
    reply_time: z.string().nullish(),
    open_time: z.string().nullish(),
    click_time: z.string().nullish(),
    is_bounced: flag,
    is_unsubscribed: flag,
  })
  .passthrough();
export type LeadStat = z.infer<typeof leadStatSchema>;

/** One page of a campaign's per-lead statistics (rows that do not parse are skipped). */
export async function campaignStatistics(
  client: SmartleadClient,
  campaignId: number,
  offset: number,
): Promise<{ rows: LeadStat[]; full: boolean }> {
  const data = (await client.call('GET', `/campaigns/${campaignId}/statistics`, undefined, {
    offset,
    limit: STATS_PAGE,
  })) as { data?: unknown } | null;
  const list = Array.isArray(data?.data) ? data.data : [];
  const rows = list.flatMap((x) => {
    const p = leadStatSchema.safeParse(x);
    return p.success ? [p.data] : [];
  });
  return { rows, full: list.length >= STATS_PAGE };
}
