import type { FakeCampaign } from './smartlead';
import { type LeadOutcome, outcomeKey } from './smartlead-outcomes';

// The fake Smartlead's lead conversations, shaped after its API documentation: the lead categories
// (GET /leads/fetch-categories), a lead's message history (GET /campaigns/{id}/leads/{lead_id}/message-history:
// `history[]` of `type` SENT or REPLY, `message_id`, `stats_id`, `time`, `subject`, `email_body`, `from`,
// `to`), setting its category (POST …/leads/{lead_id}/category with `category_id`, `pause_lead`), pausing
// and unsubscribing it (POST …/pause, …/unsubscribe) and replying in its thread (POST
// /campaigns/{id}/reply-email-thread with `email_stats_id`, `email_body`, `reply_message_id`,
// `reply_email_time`, `reply_email_body`). Lead ids are positions in the campaign, as GET …/leads gives them.

export const LEAD_CATEGORIES = [
  { id: 1, name: 'Interested', created_at: '2024-01-01T00:00:00.000Z' },
  { id: 2, name: 'Meeting Request', created_at: '2024-01-01T00:00:00.000Z' },
  { id: 3, name: 'Not Interested', created_at: '2024-01-01T00:00:00.000Z' },
  { id: 4, name: 'Do Not Contact', created_at: '2024-01-01T00:00:00.000Z' },
  { id: 5, name: 'Information Request', created_at: '2024-01-01T00:00:00.000Z' },
  { id: 6, name: 'Out Of Office', created_at: '2024-01-01T00:00:00.000Z' },
  { id: 7, name: 'Wrong Person', created_at: '2024-01-01T00:00:00.000Z' },
];

export interface LeadThread {
  categoryId: number | null;
  paused: boolean;
  unsubscribed: boolean;
  /** Replies sent from here (POST reply-email-thread), in order. */
  sentReplies: { body: string; replyTo: string; time: string }[];
}

interface Ctx {
  method: string;
  path: string;
  body: Record<string, unknown>;
  send: (status: number, body: unknown) => void;
  owned: (id: number) => FakeCampaign | undefined;
  outcomes: Map<string, LeadOutcome>;
  threads: Map<string, LeadThread>;
}

const threadOf = (threads: Map<string, LeadThread>, campaignId: number, email: string) => {
  const key = outcomeKey(campaignId, email);
  let t = threads.get(key);
  if (!t) {
    t = { categoryId: null, paused: false, unsubscribed: false, sentReplies: [] };
    threads.set(key, t);
  }
  return t;
};

export function handleConversations(ctx: Ctx): boolean {
  const { method, path, body, send } = ctx;
  if (method === 'GET' && path === '/leads/fetch-categories') {
    send(200, LEAD_CATEGORIES);
    return true;
  }
  const reply = /^\/campaigns\/(\d+)\/reply-email-thread$/.exec(path);
  if (method === 'POST' && reply) {
    const c = ctx.owned(Number(reply[1]));
    if (!c) {
      send(404, { message: 'Campaign not found' });
      return true;
    }
    const statsId = String(body.email_stats_id ?? '');
    const text = typeof body.email_body === 'string' ? body.email_body.trim() : '';
    const lead = [...c.leads.values()].find((l) => `st_${c.id}_${l.email}` === statsId);
    if (!lead) {
      send(400, { message: 'email_stats_id does not match a message of this campaign' });
      return true;
    }
    if (!text) {
      send(400, { message: 'email_body is required' });
      return true;
    }
    threadOf(ctx.threads, c.id, lead.email).sentReplies.push({
      body: text,
      replyTo: String(body.reply_message_id ?? ''),
      time: new Date().toISOString(),
    });
    send(200, { ok: true, message: 'Reply sent' });
    return true;
  }
  const m = /^\/campaigns\/(\d+)\/leads\/(\d+)\/(message-history|category|pause|unsubscribe)$/.exec(path);
  if (!m) return false;
  const c = ctx.owned(Number(m[1]));
  if (!c) {
    send(404, { message: 'Campaign not found' });
    return true;
  }
  const lead = [...c.leads.values()][Number(m[2]) - 1];
  if (!lead) {
    send(404, { message: 'Lead not found in this campaign' });
    return true;
  }
  const thread = threadOf(ctx.threads, c.id, lead.email);
  if (m[3] === 'message-history' && method === 'GET') {
    const o = ctx.outcomes.get(outcomeKey(c.id, lead.email));
    const history: Record<string, unknown>[] = [];
    const statsId = `st_${c.id}_${lead.email}`;
    if (o?.sent_time) {
      history.push({
        type: 'SENT',
        message_id: `<sent-${c.id}-${lead.email}@fake.smartlead>`,
        stats_id: statsId,
        time: o.sent_time,
        subject: 'Hello',
        email_body: `<p>Hi ${lead.first_name || 'there'}, a quick question about ${lead.company_name || 'your team'}.</p>`,
        from: 'sender@outreach.example',
        to: lead.email,
        email_seq_number: '1',
      });
    }
    if (o?.reply_time) {
      history.push({
        type: 'REPLY',
        message_id: `<reply-${c.id}-${lead.email}@mail.example>`,
        stats_id: statsId,
        time: o.reply_time,
        subject: 'Re: Hello',
        email_body: '<p>Thanks, tell me more. <b>Next week</b> works.</p>',
        from: lead.email,
        to: 'sender@outreach.example',
      });
    }
    for (const r of thread.sentReplies) {
      history.push({
        type: 'SENT',
        message_id: `<manual-${history.length}@fake.smartlead>`,
        stats_id: statsId,
        time: r.time,
        subject: 'Re: Hello',
        email_body: r.body,
        from: 'sender@outreach.example',
        to: lead.email,
      });
    }
    send(200, { history, from: 'sender@outreach.example', to: lead.email });
    return true;
  }
  if (method !== 'POST') return false;
  if (m[3] === 'category') {
    const id = Number(body.category_id);
    if (!LEAD_CATEGORIES.some((k) => k.id === id)) {
      send(400, { message: 'Invalid category_id' });
      return true;
    }
    thread.categoryId = id;
    if (body.pause_lead === true) thread.paused = true;
    send(200, { ok: true, data: { lead_category_id: id } });
    return true;
  }
  if (m[3] === 'pause') thread.paused = true;
  if (m[3] === 'unsubscribe') thread.unsubscribed = true;
  send(200, { ok: true, data: 'success' });
  return true;
}
