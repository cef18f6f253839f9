import { z } from 'zod';

// Connecting and warming sending mailboxes in Smartlead (decision 0202). The password typed here goes to
// Smartlead and nowhere else: never stored by us, never sent back to the browser.

const host = z
  .string()
  .trim()
  .min(1, 'Enter the server name')
  .max(253, 'That server name is too long')
  .regex(/^[a-z0-9.-]+$/i, 'A server name has letters, digits, dots and dashes only');
const port = z.coerce
  .number()
  .int('A port is a whole number')
  .min(1, 'Ports are 1 to 65535')
  .max(65535, 'Ports are 1 to 65535');

export const SMTP_SECURITY = ['SSL', 'TLS', 'STARTTLS'] as const;

/** Smartlead's mailbox types (the save reference's `type`); Gmail and Outlook here sign in with an app password. */
export const MAILBOX_TYPES = ['SMTP', 'GMAIL', 'OUTLOOK'] as const;
export type MailboxType = (typeof MAILBOX_TYPES)[number];

/** The usual servers of each provider, so the form can fill them in (every one stays editable). */
export const PROVIDER_SERVERS: Record<
  MailboxType,
  {
    label: string;
    smtpHost: string;
    smtpPort: number;
    smtpSecurity: (typeof SMTP_SECURITY)[number];
    imapHost: string;
    imapPort: number;
  } | null
> = {
  SMTP: null,
  GMAIL: {
    label: 'Google Workspace or Gmail',
    smtpHost: 'smtp.gmail.com',
    smtpPort: 587,
    smtpSecurity: 'TLS',
    imapHost: 'imap.gmail.com',
    imapPort: 993,
  },
  OUTLOOK: {
    label: 'Microsoft 365 or Outlook',
    smtpHost: 'smtp.office365.com',
    smtpPort: 587,
    smtpSecurity: 'STARTTLS',
    imapHost: 'outlook.office365.com',
    imapPort: 993,
  },
};

export const connectMailboxSchema = z.object({
  type: z.enum(MAILBOX_TYPES).default('SMTP'),
  fromName: z.string().trim().min(1, 'Enter the name people see').max(100, 'That name is too long'),
  fromEmail: z.string().trim().email('Enter the mailbox address'),
  username: z.string().trim().min(1, 'Enter the login name (often the address itself)').max(320),
  password: z
    .string()
    .min(1, 'Enter the mailbox password (or app password)')
    .max(500, 'That password is too long'),
  smtpHost: host,
  smtpPort: port,
  smtpSecurity: z.enum(SMTP_SECURITY),
  imapHost: host,
  imapPort: port,
  dailyLimit: z.coerce.number().int().min(1, 'At least 1 a day').max(2000, 'At most 2,000 a day'),
});
export type ConnectMailboxInput = z.infer<typeof connectMailboxSchema>;

export const updateMailboxSchema = z.object({
  fromName: z.string().trim().min(1, 'Enter the name people see').max(100, 'That name is too long'),
  dailyLimit: z.coerce.number().int().min(1, 'At least 1 a day').max(2000, 'At most 2,000 a day'),
});
export type UpdateMailboxInput = z.infer<typeof updateMailboxSchema>;

/**
 * Smartlead's warm-up settings: emails a day, the daily increase, and the share of them replied to, within
 * the limits of its warm-up reference (1–50 a day, ramp-up 5–20, reply rate 20–100 %).
 */
export const warmupSettingsSchema = z.object({
  enabled: z.boolean(),
  perDay: z.coerce.number().int('A whole number').min(1, 'At least 1 a day').max(50, 'At most 50 a day'),
  rampUp: z.coerce
    .number()
    .int('A whole number')
    .min(5, 'At least 5 more a day')
    .max(20, 'At most 20 more a day'),
  replyRate: z.coerce.number().int('A whole number').min(20, '20 to 100%').max(100, '20 to 100%'),
});
export type WarmupSettings = z.infer<typeof warmupSettingsSchema>;

export const warmupDaySchema = z.object({
  date: z.string(),
  sent: z.number(),
  replied: z.number(),
  savedFromSpam: z.number(),
});
export const warmupStatsSchema = z.object({
  sent: z.number(),
  inbox: z.number(),
  spam: z.number(),
  received: z.number(),
  /** The last seven days, oldest first. */
  days: z.array(warmupDaySchema),
});
export type WarmupStats = z.infer<typeof warmupStatsSchema>;

/** New sign-in details for a connected mailbox: Smartlead checks them again as it saves them. */
export const mailboxLoginSchema = connectMailboxSchema.pick({
  username: true,
  password: true,
  smtpHost: true,
  smtpPort: true,
  smtpSecurity: true,
  imapHost: true,
  imapPort: true,
});
export type MailboxLoginInput = z.infer<typeof mailboxLoginSchema>;

/**
 * A mailbox as Smartlead last checked it: whether it can send (SMTP) and read replies (IMAP), and why not
 * in Smartlead's words; its sign-in details without the password (which Smartlead's own answer carries and
 * ours never does); its warm-up as Smartlead reports it.
 */
export const mailboxHealthSchema = z.object({
  id: z.number(),
  smtpOk: z.boolean(),
  imapOk: z.boolean(),
  smtpError: z.string().nullable(),
  imapError: z.string().nullable(),
  warmupStatus: z.string().nullable(),
  warmupReputation: z.number().nullable(),
  /** Why Smartlead stopped the warm-up, when it did. */
  warmupBlockedReason: z.string().nullable(),
  /** The warm-up emails a day and reply rate Smartlead reports, to start the form from. */
  warmupPerDay: z.number().nullable(),
  warmupReplyRate: z.number().nullable(),
  login: z.object({
    username: z.string(),
    smtpHost: z.string(),
    smtpPort: z.number().nullable(),
    smtpSecurity: z.string().nullable(),
    imapHost: z.string(),
    imapPort: z.number().nullable(),
    imapSecurity: z.string().nullable(),
  }),
});
export type MailboxHealth = z.infer<typeof mailboxHealthSchema>;

// A string here, checked in the handler (smartlead/mailboxes/mailboxes.ts mailboxId): a caller without the route's
// permission hears 403 whatever the id, and an id that names no Smartlead mailbox is 404, not 400.
export const mailboxIdParamsSchema = z.object({ accountId: z.string() });
