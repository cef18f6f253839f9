import { z } from 'zod';

// Smartlead's campaign webhook events (issue 23) as its documentation shows them: `event_type`,
// `to_email` (or the older `lead_email`), `campaign_id`, `event_timestamp` (or the older `time_sent`…),
// `stats_id`, `sequence_number`. Unknown fields are kept; numbers may arrive as strings.

/** The event types Verilead registers for and learns from. */
export const SMARTLEAD_EVENT_TYPES = [
  'EMAIL_SENT',
  'EMAIL_BOUNCE',
  'EMAIL_REPLY',
  'LEAD_UNSUBSCRIBED',
] as const;

export const sendOutcomeKinds = ['sent', 'bounced', 'replied', 'unsubscribed'] as const;
export type SendOutcomeKind = (typeof sendOutcomeKinds)[number];

export const EVENT_KIND: Record<(typeof SMARTLEAD_EVENT_TYPES)[number], SendOutcomeKind> = {
  EMAIL_SENT: 'sent',
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
