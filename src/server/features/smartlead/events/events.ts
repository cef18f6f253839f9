import { and, eq } from 'drizzle-orm';
import { providerOf } from '../../../../shared/mail-providers';
import {
  EVENT_KIND,
  type EventAnswer,
  isOutcomeKind,
  type SendEventKind,
  type SmartleadEvent,
} from '../../../../shared/send-outcomes';
import type { Db } from '../../../platform/db/client';
import { applyBounce, latestVerdict } from '../../lists';
import { noteFirstVerdict, recordOutcome } from '../../outcomes';
import { suppress } from '../../suppressions';
import { sendEvents, smartleadCampaigns } from '../schema';

// Taking in one campaign event (from the webhook or the poll): stored once, folded into what is known
// about the address, and learned from (bounces and unsubscribes suppress; a bounce invalidates the
// address in the workspace's lists). See docs/decisions/0220-send-outcomes.md.

/** One event as we keep it, whichever way it came. */
export interface OutcomeEvent {
  kind: SendEventKind;
  email: string;
  smartleadCampaignId: number;
  occurredAt: Date;
  /** What tells two events of the same kind apart (the sequence step); none for bounce/unsubscribe. */
  step: string | null;
}

/** A webhook payload as an OutcomeEvent, or why it is not one we learn from. */
export function fromWebhook(e: SmartleadEvent, now: Date): OutcomeEvent | string {
  const kind = EVENT_KIND[e.event_type as keyof typeof EVENT_KIND];
  if (!kind) return `event type ${e.event_type} is not used`;
  const email = (e.to_email ?? e.lead_email ?? '').trim().toLowerCase();
  if (!email.includes('@')) return 'no recipient address';
  const campaign = Number(e.campaign_id);
  if (!Number.isSafeInteger(campaign)) return 'no campaign id';
  const at = Date.parse(e.event_timestamp ?? e.time_sent ?? e.time_replied ?? '');
  const step = e.sequence_number ?? e.stats_id;
  return {
    kind,
    email,
    smartleadCampaignId: campaign,
    occurredAt: Number.isFinite(at) ? new Date(at) : now,
    step: step === null || step === undefined || step === '' ? null : String(step),
  };
}

/**
 * The key that makes an event count once: a bounce or an unsubscribe happens once per address and
 * campaign, a sent, an open, a click or a reply once per sequence step (first open and first click: the
 * unique counts Smartlead's analytics shows). The webhook and the poll give the same key.
 */
export const eventKey = (e: OutcomeEvent) =>
  e.kind === 'bounced' || e.kind === 'unsubscribed'
    ? `${e.kind}:${e.smartleadCampaignId}:${e.email}`
    : e.kind === 'opened' || e.kind === 'clicked'
      ? `${e.kind}:${e.smartleadCampaignId}:${e.email}:${e.step ?? ''}`
      : `${e.kind}:${e.smartleadCampaignId}:${e.email}:${e.step ?? e.occurredAt.toISOString()}`;

/**
 * Takes in one event for a workspace. Only the workspace's own campaigns count (another workspace's
 * campaign id is ignored, so a leaked URL cannot write into a workspace's lists through a campaign it
 * does not have). Each kind keeps its latest time, so events arriving in any order end in the same state.
 */
export async function takeInEvent(opts: {
  db: Db;
  workspaceId: string;
  event: OutcomeEvent;
  source: 'webhook' | 'poll';
  now: Date;
}): Promise<EventAnswer> {
  const { db, workspaceId, event: e, now } = opts;
  const [campaign] = await db
    .select({ id: smartleadCampaigns.id })
    .from(smartleadCampaigns)
    .where(
      and(
        eq(smartleadCampaigns.workspaceId, workspaceId),
        eq(smartleadCampaigns.smartleadId, e.smartleadCampaignId),
      ),
    )
    .limit(1);
  if (!campaign) return { status: 'ignored', detail: 'not a campaign of this workspace' };
  const stored = await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(sendEvents)
      .values({
        workspaceId,
        eventKey: eventKey(e),
        campaignId: campaign.id,
        email: e.email,
        kind: e.kind,
        occurredAt: e.occurredAt,
        source: opts.source,
        receivedAt: now,
      })
      .onConflictDoNothing()
      .returning({ key: sendEvents.eventKey });
    if (!inserted.length) return false;
    // Opens and clicks are activity over time only: nothing to learn about the address from them.
    if (!isOutcomeKind(e.kind)) return true;
    // In the same transaction: an event stored is an event learned from (a retry would be a duplicate).
    const db = tx as unknown as Db;
    await recordOutcome({ db, workspaceId, email: e.email, kind: e.kind, occurredAt: e.occurredAt, now });
    await noteVerdict({ db, workspaceId, email: e.email });
    if (e.kind === 'bounced' || e.kind === 'unsubscribed') {
      await suppress({ db, workspaceId, emails: [e.email], reason: e.kind, now });
    }
    if (e.kind === 'bounced') await applyBounce({ db, workspaceId, email: e.email, bouncedAt: e.occurredAt });
    return true;
  });
  return stored ? { status: 'stored' } : { status: 'duplicate' };
}

/**
 * The first outcome of an address records what the lists said about it then (catch-all, accepted, and
 * its provider), before a bounce rewrites its reason: the confidence score is calibrated on these.
 */
async function noteVerdict(opts: { db: Db; workspaceId: string; email: string }) {
  const v = await latestVerdict(opts);
  if (!v) return;
  await noteFirstVerdict({
    ...opts,
    verdict: {
      catchAll: v.reason === 'catch_all',
      accepted: v.reason === 'accepted',
      provider: providerOf(v.mxHost, opts.email.split('@').pop())?.id ?? null,
    },
  });
}
