import { z } from 'zod';

// Contracts of workspaces: who may do what, and what the top bar's switcher shows.
export const ROLES = ['owner', 'admin', 'member'] as const;
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

const RANK: Record<Role, number> = { member: 0, admin: 1, owner: 2 };

/**
 * The permission table (docs/decisions/0800): each action and the least role that may take it.
 * Members do the work (verify, export, scrape, send); admins manage what costs money or exposes the
 * workspace (keys, members, billing, branding); only owners transfer or delete the workspace.
 */
export const PERMISSIONS = {
  'lists:verify': 'member',
  'lists:export': 'member',
  'scraper:run': 'member',
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
