import { z } from 'zod';

// Replies and lead categories (decision 0202): the replies of the workspace's campaigns in one list, a
// lead's conversation as Smartlead keeps it, its category, pausing or unsubscribing it, and answering it.

export const leadCategorySchema = z.object({ id: z.number().int(), name: z.string() });
export type LeadCategory = z.infer<typeof leadCategorySchema>;

/** One reply in the inbox: who answered which campaign, when, and the category set here (if any). */
export const replyItemSchema = z.object({
  campaignId: z.string(),
  campaignName: z.string(),
  email: z.string(),
  repliedAt: z.string(),
  category: leadCategorySchema.nullable(),
});
export type ReplyItem = z.infer<typeof replyItemSchema>;

export const repliesQuerySchema = z.object({
  campaignId: z.string().uuid('Unknown campaign').optional(),
  /** A category id, or "none" for replies not categorised yet. */
  category: z.union([z.coerce.number().int(), z.literal('none')]).optional(),
  /** Replies on or after this day (YYYY-MM-DD). */
  since: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Dates are YYYY-MM-DD')
    .optional(),
});
export type RepliesQuery = z.infer<typeof repliesQuerySchema>;

export const repliesResponseSchema = z.object({
  replies: z.array(replyItemSchema),
  /** Smartlead's categories (empty when it cannot be asked: the list still shows). */
  categories: z.array(leadCategorySchema),
});

export const conversationMessageSchema = z.object({
  direction: z.enum(['sent', 'reply']),
  from: z.string().nullable(),
  to: z.string().nullable(),
  subject: z.string().nullable(),
  /** The message as plain text (HTML is turned into text on the server: no markup reaches the page). */
  text: z.string(),
  at: z.string().nullable(),
});
export type ConversationMessage = z.infer<typeof conversationMessageSchema>;

export const conversationSchema = z.object({
  campaignId: z.string(),
  email: z.string(),
  messages: z.array(conversationMessageSchema),
  category: leadCategorySchema.nullable(),
});
export type Conversation = z.infer<typeof conversationSchema>;

export const leadParamsSchema = z.object({
  id: z.string().uuid('Unknown campaign'),
  email: z.string().email('Not an email address'),
});

export const setCategoryBodySchema = z.object({
  categoryId: z.number().int(),
  /** Also pause the lead's sequence (Smartlead's `pause_lead`). */
  pauseLead: z.boolean().default(false),
});

export const leadActionBodySchema = z.object({ action: z.enum(['pause', 'unsubscribe']) });

export const replyBodySchema = z.object({
  text: z.string().trim().min(1, 'Write your reply first').max(20_000, 'That reply is too long'),
});
