import type { FakeCampaign } from './smartlead';

// The fake Smartlead's send outcomes, shaped after its documentation: a campaign's webhook (POST
// /campaigns/{id}/webhooks with `webhook_url` and `event_types`), its per-lead statistics (GET
// /campaigns/{id}/statistics: `data[]` of `lead_email`, `sequence_number`, `sent_time`, `reply_time`,
// `is_bounced`, `is_unsubscribed`; offset/limit), and the events themselves, POSTed to the registered
// URL with the documented payload (`event_type`, `event_timestamp`, `to_email`, `campaign_id`, …).

export interface LeadOutcome {
  sent_time: string | null;
  reply_time: string | null;
  open_time?: string | null;
  click_time?: string | null;
  is_bounced: boolean;
  is_unsubscribed: boolean;
}

export interface FakeWebhook {
  url: string;
  event_types: string[];
}

const EVENT_TYPES = new Set([
  'EMAIL_SENT',
  'EMAIL_OPEN',
  'EMAIL_REPLY',
  'EMAIL_BOUNCE',
  'LEAD_UNSUBSCRIBED',
  'EMAIL_LINK_CLICK',
  'LEAD_CATEGORY_UPDATED',
]);

interface Ctx {
  method: string;
  path: string;
  url: URL;
  body: Record<string, unknown>;
  send: (status: number, body: unknown) => void;
  owned: (id: number) => FakeCampaign | undefined;
  webhooks: Map<number, FakeWebhook>;
  outcomes: Map<string, LeadOutcome>;
}

export const outcomeKey = (campaignId: number, email: string) => `${campaignId}:${email.toLowerCase()}`;

export function handleOutcomes(ctx: Ctx): boolean {
  const hook = /^\/campaigns\/(\d+)\/webhooks$/.exec(ctx.path);
  if (ctx.method === 'POST' && hook) {
    const c = ctx.owned(Number(hook[1]));
    if (!c) return reply(ctx, 404, { message: 'Campaign not found' });
    const { webhook_url: url, event_types: types, name } = ctx.body;
    if (typeof name !== 'string' || !name) return reply(ctx, 400, { message: 'name is required' });
    if (typeof url !== 'string' || !/^https?:\/\//.test(url))
      return reply(ctx, 400, { message: 'webhook_url must be a URL' });
    if (!Array.isArray(types) || !types.length || !types.every((t) => EVENT_TYPES.has(String(t)))) {
      return reply(ctx, 400, { message: 'event_types must list known event types' });
    }
    ctx.webhooks.set(c.id, { url, event_types: types.map(String) });
    return reply(ctx, 200, { ok: true, id: c.id * 10 });
  }
  const stats = /^\/campaigns\/(\d+)\/statistics$/.exec(ctx.path);
  if (ctx.method === 'GET' && stats) {
    const c = ctx.owned(Number(stats[1]));
    if (!c) return reply(ctx, 404, { message: 'Campaign not found' });
    const offset = Number(ctx.url.searchParams.get('offset') ?? 0);
    const limit = Math.min(1000, Number(ctx.url.searchParams.get('limit') ?? 100));
    const rows = [...c.leads.values()].flatMap((lead) => {
      const o = ctx.outcomes.get(outcomeKey(c.id, lead.email));
      if (!o?.sent_time) return [];
      return [
        {
          lead_name: [lead.first_name, lead.last_name].filter(Boolean).join(' '),
          lead_email: lead.email,
          lead_category: null,
          sequence_number: 1,
          email_subject: 'Hello',
          sent_time: o.sent_time,
          open_time: o.open_time ?? null,
          click_time: o.click_time ?? null,
          reply_time: o.reply_time,
          open_count: 0,
          click_count: 0,
          is_unsubscribed: o.is_unsubscribed,
          is_bounced: o.is_bounced,
        },
      ];
    });
    return reply(ctx, 200, {
      total_stats: String(rows.length),
      data: rows.slice(offset, offset + limit),
      offset,
      limit,
    });
  }
  return false;
}

function reply(ctx: Ctx, status: number, body: unknown): true {
  ctx.send(status, body);
  return true;
}

/** The documented webhook payload of one event. */
export function eventPayload(opts: {
  campaign: FakeCampaign;
  eventType: EventType;
  email: string;
  at: string;
  statsId: string;
}) {
  const { campaign, email, at } = opts;
  return {
    webhook_id: campaign.id * 10,
    webhook_name: 'Verilead send outcomes',
    stats_id: opts.statsId,
    event_type: opts.eventType,
    event_timestamp: at,
    ...(opts.eventType === 'EMAIL_SENT' ? { time_sent: at } : {}),
    from_email: 'sender@outreach.example',
    to_email: email,
    lead_email: email,
    to_name: '',
    subject: 'Hello',
    campaign_id: campaign.id,
    campaign_name: campaign.name,
    campaign_status: campaign.status,
    sequence_number: 1,
    sent_message: {
      message_id: `<${opts.statsId}@fake.smartlead>`,
      html: '<p>Hello</p>',
      text: 'Hello',
      time: at,
    },
    ...(opts.eventType === 'EMAIL_BOUNCE'
      ? { is_bounced: true, bounce_message: { text: '550 5.1.1 The email account does not exist.' } }
      : {}),
    app_url: `https://app.smartlead.ai/app/email-campaign/${campaign.id}/analytics`,
    secret_key: '',
  };
}

type EventType =
  | 'EMAIL_SENT'
  | 'EMAIL_OPEN'
  | 'EMAIL_LINK_CLICK'
  | 'EMAIL_BOUNCE'
  | 'EMAIL_REPLY'
  | 'LEAD_UNSUBSCRIBED';
type Deliver = (url: string, payload: Record<string, unknown>) => Promise<number>;

async function post(url: string, payload: Record<string, unknown>): Promise<number> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(payload),
  });
  await res.text();
  return res.status;
}

/**
 * The fake's `leadEvent`: something happened to a lead of a campaign (Smartlead sent it, it bounced,
 * replied or unsubscribed). The statistics show it, and the campaign's registered webhook (if any) is
 * POSTed the documented payload; answers the webhook's HTTP status (null when none is registered).
 * `deliver` replaces the HTTP POST (API suites hand the request to their in-process app).
 */
export function outcomeEvents(state: {
  campaigns: Map<number, FakeCampaign>;
  webhooks: Map<number, FakeWebhook>;
  outcomes: Map<string, LeadOutcome>;
}) {
  let nextStatsId = 1;
  return async (
    campaignId: number,
    email: string,
    eventType: EventType,
    at = new Date().toISOString(),
    deliver: Deliver = post,
  ): Promise<number | null> => {
    const campaign = state.campaigns.get(campaignId);
    if (!campaign) throw new Error(`no campaign ${campaignId}`);
    const key = outcomeKey(campaignId, email);
    const o = state.outcomes.get(key) ?? {
      sent_time: null,
      reply_time: null,
      is_bounced: false,
      is_unsubscribed: false,
    };
    if (eventType === 'EMAIL_SENT') o.sent_time = at;
    else {
      o.sent_time ??= at;
      if (eventType === 'EMAIL_BOUNCE') o.is_bounced = true;
      if (eventType === 'EMAIL_REPLY') o.reply_time = at;
      // The statistics show the first open and the first click.
      if (eventType === 'EMAIL_OPEN') o.open_time ??= at;
      if (eventType === 'EMAIL_LINK_CLICK') o.click_time ??= at;
      if (eventType === 'LEAD_UNSUBSCRIBED') o.is_unsubscribed = true;
    }
    state.outcomes.set(key, o);
    const hook = state.webhooks.get(campaignId);
    if (!hook?.event_types.includes(eventType)) return null;
    return deliver(
      hook.url,
      eventPayload({ campaign, eventType, email, at, statsId: `st_${nextStatsId++}` }),
    );
  };
}
