import { z } from 'zod';

// Smartlead's campaign webhook events (decision 0220) as its documentation shows them: `event_type`,
// `to_email` (or the older `lead_email`), `campaign_id`, `event_timestamp` (or the older `time_sent`…),
// `stats_id`, `sequence_number`. Unknown fields are kept; numbers may arrive as strings.

/** The event types Verilead registers for and learns from. */
export const SMARTLEAD_EVENT_TYPES = [
  'EMAIL_SENT',
  'EMAIL_OPEN',
  'EMAIL_LINK_CLICK',
  'EMAIL_BOUNCE',
  'EMAIL_REPLY',
  'LEAD_UNSUBSCRIBED',
] as const;

/** What a campaign's events teach about an address (kept per address, learned from). */
export const sendOutcomeKinds = ['sent', 'bounced', 'replied', 'unsubscribed'] as const;
/** Every kind of event kept: the outcomes plus opens and clicks (activity over time only). */
export const sendEventKinds = [...sendOutcomeKinds, 'opened', 'clicked'] as const;
export type SendOutcomeKind = (typeof sendOutcomeKinds)[number];
export type SendEventKind = (typeof sendEventKinds)[number];
export const isOutcomeKind = (k: SendEventKind): k is SendOutcomeKind =>
  (sendOutcomeKinds as readonly string[]).includes(k);

export const EVENT_KIND: Record<(typeof SMARTLEAD_EVENT_TYPES)[number], SendEventKind> = {
  EMAIL_SENT: 'sent',
  EMAIL_OPEN: 'opened',
  EMAIL_LINK_CLICK: 'clicked',
  EMAIL_BOUNCE: 'bounced',
  EMAIL_REPLY: 'replied',
  LEAD_UNSUBSCRIBED: 'unsubscribed',
};

const text = z.union([z.string(), z.number()]).nullish();

export const smartleadEventSchema = z
  .object({
    event_type: z.string(),
    to_email: z.string().nullish(),
    lead_email: z.string().nullish(),
    campaign_id: text,
    stats_id: text,
    sequence_number: text,
    event_timestamp: z.string().nullish(),
    time_sent: z.string().nullish(),
    time_replied: z.string().nullish(),
  })
  .passthrough();
export type SmartleadEvent = z.infer<typeof smartleadEventSchema>;

export const eventParamsSchema = z.object({ hookId: z.string().max(100), signature: z.string().max(200) });

export const eventAnswerSchema = z.object({
  status: z.enum(['stored', 'duplicate', 'ignored']),
  /** Why an event was ignored (not one of ours, not an event we learn from). */
  detail: z.string().optional(),
});
export type EventAnswer = z.infer<typeof eventAnswerSchema>;
