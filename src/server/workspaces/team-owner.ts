import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { badRequest } from '../http/errors';
import type { WorkspaceContext } from './resolve';
import { workspaces } from './schema';

/**
 * Deletes a workspace with everything in it (members, invitations, log; its data through the foreign
 * keys). A personal workspace is never deleted: it holds the account's own work, and it is where its
 * creator lands when leaving the others.
 */
export async function deleteWorkspace(opts: { db: Db; workspace: WorkspaceContext; confirmName: string }) {
  const { workspace } = opts;
  if (workspace.personal) {
    throw badRequest(
      'A personal workspace cannot be deleted: it holds your account’s own lists and settings. Remove its members instead.',
    );
  }
  if (opts.confirmName.trim() !== workspace.name) {
    throw badRequest(`Type the workspace's name (${workspace.name}) to confirm.`);
  }
  await opts.db.delete(workspaces).where(eq(workspaces.id, workspace.id));
}
