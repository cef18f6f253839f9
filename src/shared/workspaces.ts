import { z } from 'zod';

// Contracts of workspaces: who may do what, and what the top bar's switcher shows.
export const ROLES = ['owner', 'admin', 'member'] as const;
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

const RANK: Record<Role, number> = { member: 0, admin: 1, owner: 2 };

/**
 * The permission table (docs/decisions/0800): each action and the least role that may take it.
 * Members do the work (verify, export, scrape, find addresses, send); admins manage what costs money or exposes the
 * workspace (keys, members, billing, branding); only owners transfer or delete the workspace.
 */
export const PERMISSIONS = {
  'lists:verify': 'member',
  'lists:export': 'member',
  'scraper:run': 'member',
  'finder:run': 'member',
  'campaigns:send': 'member',
  'keys:manage': 'admin',
  'members:manage': 'admin',
  'billing:manage': 'admin',
  'branding:manage': 'admin',
  'workspace:transfer': 'owner',
  'workspace:delete': 'owner',
} as const satisfies Record<string, Role>;
export type Permission = keyof typeof PERMISSIONS;

export const can = (role: Role, permission: Permission): boolean =>
  RANK[role] >= RANK[PERMISSIONS[permission]];

export const workspaceSchema = z.object({
  id: z.string(),
  name: z.string(),
  role: roleSchema,
  /** The workspace created with the account (its id is the account's id). */
  personal: z.boolean(),
  current: z.boolean(),
});
export type Workspace = z.infer<typeof workspaceSchema>;
export const workspaceListSchema = z.array(workspaceSchema);

export const switchWorkspaceSchema = z.object({ workspaceId: z.string().uuid('Unknown workspace') });

// Team (docs/decisions/0810-team.md): members, invitations and the activity log of the current workspace.
export const INVITE_ROLES = ['admin', 'member'] as const;
export const inviteRoleSchema = z.enum(INVITE_ROLES);

export const memberSchema = z.object({
  userId: z.string(),
  username: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  role: roleSchema,
  joinedAt: z.string(),
  /** The signed-in user. */
  you: z.boolean(),
  /** The workspace is this member's personal one: they always stay in it. */
  personalHome: z.boolean(),
});
export type Member = z.infer<typeof memberSchema>;

/** Whether the workspace's plan lets it invite people (White Label, its trial included). */
export const invitingSchema = z.object({
  allowed: z.boolean(),
  message: z.string().nullable(),
  upgradeUrl: z.string().nullable(),
});
export const teamSchema = z.object({
  workspace: z.object({ id: z.string(), name: z.string(), personal: z.boolean() }),
  yourRole: roleSchema,
  members: z.array(memberSchema),
  inviting: invitingSchema,
});
export type Team = z.infer<typeof teamSchema>;

export const createInvitationSchema = z.object({
  email: z.string().trim().toLowerCase().email('Enter a valid email address').max(254),
  role: inviteRoleSchema.default('member'),
});

export const invitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: inviteRoleSchema,
  invitedBy: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type Invitation = z.infer<typeof invitationSchema>;
export const invitationListSchema = z.array(invitationSchema);

/** The answer to an invitation: the link is shown this once (only its hash is kept). */
export const createdInvitationSchema = invitationSchema.extend({
  link: z.string(),
  /** Sent through the outgoing mail relay (SMTP_RELAY_URL); null when none is configured. */
  emailed: z.boolean().nullable(),
  emailError: z.string().nullable(),
});
export type CreatedInvitation = z.infer<typeof createdInvitationSchema>;

export const INVITATION_STATES = ['pending', 'expired', 'accepted', 'revoked'] as const;
/** What the acceptance page shows before anyone signs in. */
export const invitationPreviewSchema = z.object({
  workspaceName: z.string(),
  /** The product as the inviting workspace brands it (White Label), else Verilead. */
  productName: z.string(),
  inviter: z.string().nullable(),
  email: z.string(),
  role: inviteRoleSchema,
  expiresAt: z.string(),
  state: z.enum(INVITATION_STATES),
});
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;

export const changeRoleSchema = z.object({ role: inviteRoleSchema });
export const transferSchema = z.object({ userId: z.string().uuid('Pick a member') });
export const deleteWorkspaceSchema = z.object({
  /** The workspace's name, typed again: deleting removes its data for everyone. */
  confirmName: z.string(),
});
export const okSchema = z.object({ ok: z.literal(true) });

/** Actions in the log and how the screen words them ("alice started a verification"). */
export const ACTIVITY_LABELS = {
  'list.uploaded': 'uploaded a list',
  'list.deleted': 'deleted a list',
  'verification.started': 'started a verification',
  'verification.resumed': 'resumed a verification',
  'list.exported': 'exported a list',
  'scrape.started': 'started an Instagram scrape',
  'scrape.exported': 'cleaned a scrape for export',
  'scrape.downloaded': 'downloaded a scrape',
  'scrape.sent_to_verification': 'sent a scrape to verification',
  'campaign.sent': 'sent a campaign to Smartlead',
  'campaign.status_changed': 'changed a campaign status',
  'campaign.leads_added': 'added leads to a campaign',
  'template.saved': 'saved an email template',
  'template.deleted': 'deleted an email template',
  'settings.smartlead_key': 'changed the Smartlead API key',
  'settings.webhook_created': 'added a webhook',
  'settings.webhook_deleted': 'removed a webhook',
  'settings.branding': 'changed the branding',
  'keys.api_token_created': 'created an API token',
  'keys.api_token_revoked': 'revoked an API token',
  'billing.subscribed': 'subscribed',
  'billing.plan_changed': 'changed the plan',
  'members.invited': 'invited someone',
  'members.invitation_revoked': 'revoked an invitation',
  'members.joined': 'joined the workspace',
  'members.role_changed': 'changed a role',
  'members.removed': 'removed a member',
  'members.left': 'left the workspace',
  'workspace.transferred': 'transferred ownership',
  'mcp.tool_called': 'used a tool through an AI assistant',
} as const;
export type ActivityAction = keyof typeof ACTIVITY_LABELS;

/** Members see the work (lists, scrapes, campaigns, who joined); admins also see settings, keys, billing, members. */
export const activityVisibleTo = (action: string): Role =>
  /^(settings|keys|billing|workspace)\./.test(action) ||
  (action.startsWith('members.') && action !== 'members.joined' && action !== 'members.left')
    ? 'admin'
    : 'member';

export const activityQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export const activityEntrySchema = z.object({
  id: z.string(),
  action: z.string(),
  label: z.string(),
  actor: z.string().nullable(),
  target: z.string().nullable(),
  /** A readable name for the target (a list's file name, a campaign's name) when known. */
  targetLabel: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
export type ActivityEntry = z.infer<typeof activityEntrySchema>;
export const activityPageSchema = z.object({
  entries: z.array(activityEntrySchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  /** Members see the work only; admins and the owner see everything. */
  scope: z.enum(['all', 'work']),
});
export type ActivityPage = z.infer<typeof activityPageSchema>;

/** The invitation link's token travels in a query parameter or a body, never in an /api path (logs). */
export const invitationTokenSchema = z.object({ token: z.string().min(10).max(200) });
