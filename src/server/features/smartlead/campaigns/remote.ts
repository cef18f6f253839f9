import { z } from 'zod';
import { type Schedule, type Step, VARIANT_LABELS } from '../../../../shared/email-automation';
import type { SmartleadClient } from '../connection/client';

// Smartlead's campaign-automation endpoints (sequences, sending accounts, schedule, status, leads), with
// the request bodies and field names of its public API documentation (see docs/decisions/0201). Answers
// are parsed leniently: counts may be strings, optional fields may be missing.

const num = z
  .union([z.number(), z.string()])
  .nullish()
  .transform((v) => {
    if (v === null || v === undefined || v === '') return null;
    const n = Number(String(v).replace('%', ''));
    return Number.isFinite(n) ? n : null;
  });

export const remoteAccountSchema = z
  .object({
    id: z.coerce.number(),
    from_email: z.string().nullish(),
    from_name: z.string().nullish(),
    type: z.string().nullish(),
    message_per_day: num,
    daily_sent_count: num,
    is_smtp_success: z.boolean().nullish(),
    is_imap_success: z.boolean().nullish(),
    campaign_count: num,
    warmup_details: z
      .object({ status: z.string().nullish(), warmup_reputation: num })
      .passthrough()
      .nullish(),
  })
  .passthrough();
export type RemoteAccount = z.infer<typeof remoteAccountSchema>;

const listOf = <T extends z.ZodTypeAny>(schema: T, data: unknown): z.infer<T>[] => {
  const list = Array.isArray(data) ? data : ((data as { data?: unknown })?.data ?? []);
  if (!Array.isArray(list)) return [];
  return list.flatMap((x) => {
    const p = schema.safeParse(x);
    return p.success ? [p.data] : [];
  });
};

/** GET /email-accounts, 100 per page (the documented maximum), until a short page. */
export async function listEmailAccounts(client: SmartleadClient, maxPages = 20): Promise<RemoteAccount[]> {
  const all: RemoteAccount[] = [];
  for (let page = 0; page < maxPages; page++) {
    const data = await client.call('GET', '/email-accounts', undefined, { offset: page * 100, limit: 100 });
    const rows = listOf(remoteAccountSchema, data);
    all.push(...rows);
    if ((Array.isArray(data) ? data.length : rows.length) < 100) break;
  }
  return all;
}

export async function campaignEmailAccounts(client: SmartleadClient, id: number): Promise<RemoteAccount[]> {
  return listOf(remoteAccountSchema, await client.call('GET', `/campaigns/${id}/email-accounts`));
}

export async function addEmailAccounts(client: SmartleadClient, id: number, accountIds: number[]) {
  await client.call('POST', `/campaigns/${id}/email-accounts`, { email_account_ids: accountIds });
}

/** A step Smartlead already has: its id, and its A/B variants' ids by label. */
export interface ExistingStep {
  id: number;
  variants: ReadonlyMap<string, number>;
}

/**
 * Our steps as Smartlead's sequence objects: one variant is a plain step, more are A/B variants.
 * `existing` (seq_number → the step Smartlead has) marks what to update: Smartlead updates a sequence or a
 * variant sent with its id and creates one sent without (decision 0202), so a variant sent without its id
 * would be added beside the old ones. Smartlead documents no way to delete a variant: a step that loses one
 * is sent as a new step, and its old one is dropped as a step left out is.
 */
export function toSmartleadSequences(steps: Step[], existing: ReadonlyMap<number, ExistingStep> = new Map()) {
  return steps.map((s, i) => {
    const [first] = s.variants;
    const labels = VARIANT_LABELS.slice(0, s.variants.length);
    const had = existing.get(i + 1);
    const keep =
      had && [...had.variants.keys()].every((l) => (labels as string[]).includes(l)) ? had : undefined;
    return {
      id: keep?.id ?? null,
      seq_number: i + 1,
      seq_delay_details: { delay_in_days: i === 0 ? 0 : s.delayDays },
      subject: first!.subject,
      email_body: first!.body,
      ...(s.variants.length > 1 || keep?.variants.size
        ? {
            seq_variants: s.variants.map((v, j) => ({
              ...(keep?.variants.has(labels[j]!) ? { id: keep.variants.get(labels[j]!) } : {}),
              subject: v.subject,
              email_body: v.body,
              variant_label: labels[j],
            })),
          }
        : {}),
    };
  });
}

export async function saveSequences(
  client: SmartleadClient,
  id: number,
  steps: Step[],
  existing?: ReadonlyMap<number, ExistingStep>,
) {
  await client.call('POST', `/campaigns/${id}/sequences`, {
    sequences: toSmartleadSequences(steps, existing),
  });
}

const remoteVariantSchema = z
  .object({ subject: z.string().nullish(), email_body: z.string().nullish() })
  .passthrough();
const remoteSequenceSchema = z
  .object({
    seq_number: z.coerce.number(),
    subject: z.string().nullish(),
    email_body: z.string().nullish(),
    seq_delay_details: z
      .object({ delay_in_days: num.optional(), delayInDays: num.optional() })
      .passthrough()
      .nullish(),
    seq_variants: z.array(remoteVariantSchema).nullish(),
    sequence_variants: z.array(remoteVariantSchema).nullish(),
  })
  .passthrough();

export async function getSequences(client: SmartleadClient, id: number): Promise<Step[]> {
  const rows = listOf(remoteSequenceSchema, await client.call('GET', `/campaigns/${id}/sequences`));
  return rows
    .sort((a, b) => a.seq_number - b.seq_number)
    .map((r) => {
      const variants = r.sequence_variants ?? r.seq_variants ?? [];
      const d = r.seq_delay_details;
      return {
        delayDays: d?.delay_in_days ?? d?.delayInDays ?? 0,
        variants: (variants.length ? variants : [r]).map((v) => ({
          subject: v.subject ?? '',
          body: v.email_body ?? '',
        })),
      };
    });
}

export async function saveSchedule(client: SmartleadClient, id: number, s: Schedule) {
  await client.call('POST', `/campaigns/${id}/schedule`, {
    timezone: s.timezone,
    days_of_the_week: s.days,
    start_hour: s.startHour,
    end_hour: s.endHour,
    min_time_btw_emails: s.minTimeBetweenEmails,
    max_new_leads_per_day: s.maxNewLeadsPerDay,
  });
}

/** POST /campaigns/{id}/status: START (start or resume), PAUSED or STOPPED. */
export async function setStatus(
  client: SmartleadClient,
  id: number,
  status: 'START' | 'PAUSED' | 'STOPPED',
): Promise<void> {
  await client.call('POST', `/campaigns/${id}/status`, { status });
}

const remoteLeadSchema = z
  .object({
    status: z.string().nullish(),
    created_at: z.string().nullish(),
    lead: z
      .object({
        /** The lead's id, used by the lead endpoints (category, message history, pause…). */
        id: z.union([z.number(), z.string()]).nullish(),
        email: z.string(),
        first_name: z.string().nullish(),
        last_name: z.string().nullish(),
        company_name: z.string().nullish(),
      })
      .passthrough(),
  })
  .passthrough();

/** GET /campaigns/{id}/leads: one page (at most 100, the documented maximum) and the total. */
export async function listCampaignLeads(client: SmartleadClient, id: number, offset = 0, limit = 100) {
  const data = (await client.call('GET', `/campaigns/${id}/leads`, undefined, { offset, limit })) as {
    total_leads?: unknown;
  } | null;
  const leads = listOf(remoteLeadSchema, data);
  const total = Number(data?.total_leads ?? leads.length);
  return { total: Number.isFinite(total) ? total : leads.length, leads };
}
