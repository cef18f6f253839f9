import { z } from 'zod';

// Contracts of the AI helpers (AI suggestion, POST /api/ai/suggestions).

export const SUGGESTION_TYPES = ['tip', 'suggestion', 'warning', 'optimization'] as const;

export const suggestionSchema = z.object({
  type: z.enum(SUGGESTION_TYPES),
  title: z.string(),
  content: z.string(),
  action: z.object({ label: z.string(), value: z.string() }).optional(),
});
export type Suggestion = z.infer<typeof suggestionSchema>;

export const suggestionRequestSchema = z.object({
  context: z.string().trim().max(200).default(''),
  fieldType: z.string().trim().min(1).max(50),
  fieldValue: z.string().max(5000).default(''),
});

export const suggestionResponseSchema = z.object({
  suggestions: z.array(suggestionSchema),
  source: z.enum(['model', 'heuristics']),
});

/** Auto-suggest delay and the minimum length that triggers it. */
export const AI_SUGGEST_DELAY_MS = 1000;
export const AI_SUGGEST_MIN_LENGTH = 4;
