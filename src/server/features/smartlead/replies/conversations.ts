import { z } from 'zod';
import type {
  Conversation,
  ConversationMessage,
  LeadCategory,
  RepliesQuery,
  ReplyItem,
} from '../../../../shared/replies';
import type { Db } from '../../../platform/db/client';
import { dbInt, queryRows } from '../../../platform/db/sql';
import { badRequest, conflict, notFound } from '../../../platform/http/errors';
import { listCampaignLeads } from '../campaigns/remote';
import type { SmartleadClient } from '../connection/client';
import { type SmartleadDeps, smartleadClientFor } from '../connection/client-for';
import { leadCategoryOf, ownCampaignRow, repliedLeads, upsertLeadCategory } from '../queries';

// Replies and lead categories (decision 0202). The inbox is the workspace's own record of replies
// (send_events, from the webhook and the poll) with the category set here; a conversation, the category
// list and every change go to Smartlead, whose lead ids come from the campaign's lead list.

type Deps = SmartleadDeps;

/** Pages of 100 leads read at most to find one address in a campaign. */
const MAX_LEAD_PAGES = 50;

/** A lead that replied, with its campaign and the category it was given (if any). */
const repliedRow = z.object({
  campaign_id: z.string(),
  name: z.string(),
  email: z.string(),
  replied_at: z.union([z.date(), z.string()]),
  category_id: dbInt.nullable(),
  category_name: z.string().nullable(),
});

export async function listReplies(opts: {
  db: Db;
  workspaceId: string;
  query: RepliesQuery;
}): Promise<ReplyItem[]> {
  const q = opts.query;
  const rows = await queryRows(
    opts.db,
    repliedRow,
    repliedLeads({
      workspaceId: opts.workspaceId,
      campaignId: q.campaignId,
      since: q.since,
      category: q.category,
    }),
  );
  return rows.map((r) => ({
    campaignId: r.campaign_id,
    campaignName: r.name,
    email: r.email,
    repliedAt: new Date(r.replied_at).toISOString(),
    category: r.category_id === null ? null : { id: r.category_id, name: r.category_name ?? '' },
  }));
}

const categoriesSchema = z.array(z.object({ id: z.coerce.number().int(), name: z.string() }).passthrough());

/** Smartlead's lead categories (GET /leads/fetch-categories). */
export async function leadCategories(opts: Deps): Promise<LeadCategory[]> {
  const client = await smartleadClientFor({ ...opts, caller: 'interactive' });
  const data = await client.call('GET', '/leads/fetch-categories');
  const parsed = categoriesSchema.safeParse(Array.isArray(data) ? data : (data as { data?: unknown })?.data);
  return parsed.success ? parsed.data.map((c) => ({ id: c.id, name: c.name })) : [];
}

async function ownCampaign(opts: { db: Db; workspaceId: string; campaignId: string }) {
  const row = await ownCampaignRow(opts.db, { workspaceId: opts.workspaceId, campaignId: opts.campaignId });
  if (!row) throw notFound('Campaign not found');
  if (row.smartleadId === null) throw conflict('This campaign has not been created in Smartlead yet.');
  return Number(row.smartleadId);
}

/** The lead's id in the campaign (Smartlead's lead list), or 404. */
async function leadIdOf(client: SmartleadClient, smartleadId: number, email: string): Promise<number> {
  const wanted = email.trim().toLowerCase();
  for (let page = 0; page < MAX_LEAD_PAGES; page++) {
    const { leads, total } = await listCampaignLeads(client, smartleadId, page * 100, 100);
    const hit = leads.find((l) => (l.lead?.email ?? '').toLowerCase() === wanted);
    if (hit?.lead?.id !== undefined && hit.lead.id !== null) return Number(hit.lead.id);
    if (leads.length < 100 || (page + 1) * 100 >= total) break;
  }
  throw notFound('This address is not a lead of the campaign.');
}

/** Markup out, line breaks kept: what a reader sees of an HTML mail, never its tags. */
export function htmlToText(html: string): string {
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, '')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|li|tr|h\d)>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

const historySchema = z
  .object({
    type: z.string().nullish(),
    direction: z.string().nullish(),
    message_id: z.string().nullish(),
    stats_id: z.union([z.string(), z.number()]).nullish(),
    time: z.string().nullish(),
    sent_at: z.string().nullish(),
    received_at: z.string().nullish(),
    subject: z.string().nullish(),
    email_body: z.string().nullish(),
    from: z.string().nullish(),
    to: z.string().nullish(),
  })
  .passthrough();
type HistoryItem = z.infer<typeof historySchema>;

/** GET …/leads/{lead_id}/message-history: `history[]` (or `messages[]` in newer docs), oldest first. */
async function history(client: SmartleadClient, smartleadId: number, leadId: number): Promise<HistoryItem[]> {
  const data = (await client.call('GET', `/campaigns/${smartleadId}/leads/${leadId}/message-history`)) as {
    history?: unknown;
    messages?: unknown;
  } | null;
  const list = Array.isArray(data?.history)
    ? data.history
    : Array.isArray(data?.messages)
      ? data.messages
      : [];
  return list.flatMap((x) => {
    const p = historySchema.safeParse(x);
    return p.success ? [p.data] : [];
  });
}

const isReply = (h: HistoryItem) => /reply|inbound/i.test(h.type ?? h.direction ?? '');

export async function leadConversation(
  opts: Deps & { campaignId: string; email: string },
): Promise<Conversation> {
  const smartleadId = await ownCampaign(opts);
  const client = await smartleadClientFor({ ...opts, caller: 'interactive' });
  const leadId = await leadIdOf(client, smartleadId, opts.email);
  const items = await history(client, smartleadId, leadId);
  const messages: ConversationMessage[] = items.map((h) => ({
    direction: isReply(h) ? 'reply' : 'sent',
    from: h.from ?? null,
    to: h.to ?? null,
    subject: h.subject ?? null,
    text: htmlToText(h.email_body ?? ''),
    at: h.time ?? h.received_at ?? h.sent_at ?? null,
  }));
  const [k] = await queryRows(
    opts.db,
    z.object({ category_id: dbInt, category_name: z.string() }),
    leadCategoryOf({ campaignId: opts.campaignId, email: opts.email.toLowerCase() }),
  );
  return {
    campaignId: opts.campaignId,
    email: opts.email.toLowerCase(),
    messages,
    category: k ? { id: k.category_id, name: k.category_name } : null,
  };
}

export async function setLeadCategory(
  opts: Deps & { campaignId: string; email: string; categoryId: number; pauseLead: boolean; now: Date },
): Promise<LeadCategory> {
  const smartleadId = await ownCampaign(opts);
  const client = await smartleadClientFor({ ...opts, caller: 'interactive' });
  const category = (await leadCategories(opts)).find((c) => c.id === opts.categoryId);
  if (!category) throw badRequest('Unknown category.', { field: 'categoryId' });
  const leadId = await leadIdOf(client, smartleadId, opts.email);
  await client.call('POST', `/campaigns/${smartleadId}/leads/${leadId}/category`, {
    category_id: category.id,
    pause_lead: opts.pauseLead,
  });
  await opts.db.execute(
    upsertLeadCategory({
      workspaceId: opts.workspaceId,
      campaignId: opts.campaignId,
      email: opts.email.toLowerCase(),
      categoryId: category.id,
      categoryName: category.name,
      at: opts.now,
    }),
  );
  return category;
}

/** Pauses the lead's sequence, or unsubscribes it from the campaign. */
export async function leadAction(
  opts: Deps & { campaignId: string; email: string; action: 'pause' | 'unsubscribe' },
): Promise<void> {
  const smartleadId = await ownCampaign(opts);
  const client = await smartleadClientFor({ ...opts, caller: 'interactive' });
  const leadId = await leadIdOf(client, smartleadId, opts.email);
  await client.call('POST', `/campaigns/${smartleadId}/leads/${leadId}/${opts.action}`, {});
}

/** Answers the lead's last reply in its thread (POST /campaigns/{id}/reply-email-thread). */
export async function replyToLead(
  opts: Deps & { campaignId: string; email: string; text: string },
): Promise<void> {
  const smartleadId = await ownCampaign(opts);
  const client = await smartleadClientFor({ ...opts, caller: 'interactive' });
  const leadId = await leadIdOf(client, smartleadId, opts.email);
  const items = await history(client, smartleadId, leadId);
  const last = [...items].reverse().find(isReply);
  if (!last || last.stats_id === null || last.stats_id === undefined) {
    throw conflict('This lead has not replied yet: there is no thread to answer.');
  }
  const paragraphs = opts.text
    .split(/\n{2,}/)
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
    .join('');
  await client.call('POST', `/campaigns/${smartleadId}/reply-email-thread`, {
    email_stats_id: String(last.stats_id),
    email_body: paragraphs,
    reply_message_id: last.message_id ?? '',
    reply_email_time: last.time ?? last.received_at ?? '',
    reply_email_body: last.email_body ?? '',
    add_signature: true,
  });
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
