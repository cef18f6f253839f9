import { and, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import { ACTIVITY_LABELS, type ActivityPage, activityVisibleTo, can } from '../../../shared/workspaces';
import type { Db } from '../../platform/db/client';
import { users } from '../auth/schema';
import type { WorkspaceContext } from '../workspaces';
import { activityLog } from '../workspaces/schema';

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
  const where: SQL | undefined = all
    ? eq(activityLog.workspaceId, opts.workspace.id)
    : and(eq(activityLog.workspaceId, opts.workspace.id), inArray(activityLog.action, MEMBER_ACTIONS));
  const [rows, [{ total }]] = await Promise.all([
    opts.db
      .select({ a: activityLog, username: users.username })
      .from(activityLog)
      .leftJoin(users, eq(users.id, activityLog.userId))
      .where(where)
      .orderBy(desc(activityLog.createdAt), desc(activityLog.id))
      .limit(opts.pageSize)
      .offset((opts.page - 1) * opts.pageSize),
    opts.db.select({ total: count() }).from(activityLog).where(where),
  ]);
  return {
    entries: rows.map(({ a, username }) => ({
      id: a.id,
      action: a.action,
      label: ACTIVITY_LABELS[a.action as keyof typeof ACTIVITY_LABELS] ?? a.action,
      actor: username,
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
