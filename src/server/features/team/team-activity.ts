import { ACTIVITY_LABELS, type ActivityPage, activityVisibleTo, can } from '../../../shared/workspaces';
import type { Db } from '../../platform/db/client';
import { usernamesByIds } from '../auth';
import { activityEntries, type WorkspaceContext } from '../workspaces';

const MEMBER_ACTIONS = Object.keys(ACTIVITY_LABELS).filter((a) => activityVisibleTo(a) === 'member');

/**
 * A page of the workspace's log, newest first. Admins and the owner see everything; members see the
 * work (lists, verifications, exports, scrapes, campaigns, who joined or left), not settings, keys,
 * billing or member management.
 */
export async function listActivity(opts: {
  db: Db;
  workspace: WorkspaceContext;
  page: number;
  pageSize: number;
}): Promise<ActivityPage> {
  const all = can(opts.workspace.role, 'members:manage');
  const { rows, total } = await activityEntries(opts.db, {
    workspaceId: opts.workspace.id,
    actions: all ? undefined : MEMBER_ACTIONS,
    limit: opts.pageSize,
    offset: (opts.page - 1) * opts.pageSize,
  });
  const names = await usernamesByIds(
    opts.db,
    rows.map((a) => a.userId),
  );
  return {
    entries: rows.map((a) => ({
      id: a.id,
      action: a.action,
      label: ACTIVITY_LABELS[a.action as keyof typeof ACTIVITY_LABELS] ?? a.action,
      actor: (a.userId && names.get(a.userId)) || null,
      target: a.target,
      targetLabel: typeof a.detail.name === 'string' ? a.detail.name : null,
      detail: a.detail,
      createdAt: a.createdAt.toISOString(),
    })),
    page: opts.page,
    pageSize: opts.pageSize,
    total,
    scope: all ? 'all' : 'work',
  };
}
