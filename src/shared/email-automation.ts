import { z } from 'zod';

// Contracts of email automation: sequences (steps with A/B variants), sending schedules, templates saved
// in our database, and the Smartlead campaign setup a send applies. Limits follow Smartlead's API
// documentation (delays 0–365 days; times as "HH:MM"; days 0 = Sunday … 6 = Saturday).

export const MAX_STEPS = 10;
export const MAX_VARIANTS = 5;
export const VARIANT_LABELS = ['A', 'B', 'C', 'D', 'E'] as const;

export const variantSchema = z.object({
  subject: z.string().trim().max(300, 'Subject is too long'),
  body: z.string().trim().min(1, 'Write the email body').max(20_000, 'Email body is too long'),
});

export const stepSchema = z.object({
  delayDays: z.number().int().min(0, 'Delay cannot be negative').max(365, 'Delay is at most 365 days'),
  variants: z.array(variantSchema).min(1).max(MAX_VARIANTS, `At most ${MAX_VARIANTS} variants per step`),
});
export type Step = z.infer<typeof stepSchema>;

/** A follow-up may leave the subject empty (Smartlead replies in the same thread); the first email may not. */
export const stepsSchema = z
  .array(stepSchema)
  .min(1, 'Add at least one email')
  .max(MAX_STEPS, `At most ${MAX_STEPS} emails in a sequence`)
  .superRefine((steps, ctx) => {
    steps[0]?.variants.forEach((v, i) => {
      if (!v.subject)
        ctx.addIssue({
          code: 'custom',
          message: 'The first email needs a subject',
          path: [0, 'variants', i, 'subject'],
        });
    });
  });

export const saveTemplateSchema = z.object({
  name: z.string().trim().min(1, 'Please name the sequence').max(120, 'Name is too long'),
  steps: stepsSchema,
});
export type SaveTemplateInput = z.input<typeof saveTemplateSchema>;

export const templateSchema = z.object({
  id: z.string(),
  name: z.string(),
  steps: z.array(stepSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type EmailTemplate = z.infer<typeof templateSchema>;
export const templateListSchema = z.array(templateSchema);

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
export function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/** The schedule as stored and shown (responses); `scheduleSchema` validates and normalises input. */
export const scheduleViewSchema = z.object({
  timezone: z.string(),
  days: z.array(z.number()),
  startHour: z.string(),
  endHour: z.string(),
  minTimeBetweenEmails: z.number(),
  maxNewLeadsPerDay: z.number(),
});

export const scheduleSchema = z
  .object({
    timezone: z.string().trim().min(1).max(64).refine(isTimeZone, 'Unknown time zone'),
    days: z
      .array(z.number().int().min(0).max(6))
      .min(1, 'Pick at least one sending day')
      .max(7)
      .transform((d) => [...new Set(d)].sort()),
    startHour: z.string().regex(HHMM, 'Use HH:MM, e.g. 09:00'),
    endHour: z.string().regex(HHMM, 'Use HH:MM, e.g. 17:00'),
    minTimeBetweenEmails: z.number().int().min(1).max(1440),
    maxNewLeadsPerDay: z.number().int().min(1).max(10_000),
  })
  .refine((s) => s.startHour < s.endHour, {
    message: 'The sending window must end after it starts',
    path: ['endHour'],
  });
export type Schedule = z.infer<typeof scheduleSchema>;

export const DEFAULT_SCHEDULE: Schedule = {
  timezone: 'America/New_York',
  days: [1, 2, 3, 4, 5],
  startHour: '09:00',
  endHour: '17:00',
  minTimeBetweenEmails: 10,
  maxNewLeadsPerDay: 100,
};
export const DAY_NAMES = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

/** What a send applies to its new Smartlead campaign before adding leads (all optional together). */
export const campaignSetupSchema = z.object({
  steps: stepsSchema,
  emailAccountIds: z.array(z.number().int().positive()).min(1, 'Pick at least one sending account').max(100),
  schedule: scheduleSchema,
});
export type CampaignSetup = z.infer<typeof campaignSetupSchema>;

export const emailAccountSchema = z.object({
  id: z.number(),
  fromEmail: z.string(),
  fromName: z.string(),
  type: z.string(),
  dailyLimit: z.number().nullable(),
  sentToday: z.number().nullable(),
  warmupStatus: z.string().nullable(),
  warmupReputation: z.number().nullable(),
  connected: z.boolean(),
  campaignCount: z.number().nullable(),
  usedBy: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type EmailAccount = z.infer<typeof emailAccountSchema>;
export const emailAccountListSchema = z.array(emailAccountSchema);

export const STATUS_ACTIONS = ['start', 'pause', 'resume', 'stop'] as const;
export type StatusAction = (typeof STATUS_ACTIONS)[number];
export const statusActionSchema = z.object({
  action: z.enum(STATUS_ACTIONS),
  /** Start or resume even though a sending mailbox's domain fails its DNS checks (else 409). */
  force: z.boolean().optional().default(false),
});

export const campaignLeadSchema = z.object({
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  company: z.string(),
  status: z.string(),
  addedAt: z.string().nullable(),
});

export const campaignDetailSchema = z.object({
  remote: z
    .object({
      status: z.string(),
      steps: z.array(stepSchema),
      accounts: z.array(emailAccountSchema.pick({ id: true, fromEmail: true, fromName: true, type: true })),
      leads: z.array(campaignLeadSchema),
      totalLeads: z.number(),
      leadStatusCounts: z.record(z.string(), z.number()),
    })
    .nullable(),
  remoteError: z.string().nullable(),
  schedule: scheduleViewSchema.nullable(),
});

export const draftRequestSchema = z.object({
  mode: z.enum(['draft', 'rewrite']),
  /** What the email should achieve (drafting) or how to change it (rewriting). */
  brief: z.string().trim().max(1000).default(''),
  stepIndex: z
    .number()
    .int()
    .min(0)
    .max(MAX_STEPS - 1)
    .default(0),
  subject: z.string().max(300).default(''),
  body: z.string().max(20_000).default(''),
  mergeFields: z.array(z.string().max(60)).max(50).default([]),
});
export const draftResultSchema = z.object({
  subject: z.string(),
  body: z.string(),
  source: z.enum(['ai', 'template']),
});
export type DraftResult = z.infer<typeof draftResultSchema>;
