import { and, eq, isNotNull } from 'drizzle-orm';
import type { ImportableCampaign } from '../../../../shared/smartlead';
import { badRequest } from '../../../platform/http/errors';
import type { JobSender } from '../../../platform/jobs/registry';
import { type SmartleadDeps, smartleadClientFor } from '../connection/client-for';
import { SMARTLEAD_IMPORT_DETAILS_JOB } from '../jobs';
import { smartleadCampaigns } from '../schema';

// Campaigns made in Smartlead's own app (decision 0202): listed from the workspace's key, imported on
// request (not by themselves: a key may be shared by several workspaces, and each chooses what it follows).
// An imported campaign is a campaign row like ours, its send already "completed" (its leads are
// Smartlead's), so status, analytics, pause/resume/stop, editing, replies and activity work on it the same.

type Deps = SmartleadDeps;

async function knownIds(opts: Deps): Promise<Set<number>> {
  const rows = await opts.db
    .select({ id: smartleadCampaigns.smartleadId })
    .from(smartleadCampaigns)
    .where(
      and(eq(smartleadCampaigns.workspaceId, opts.workspaceId), isNotNull(smartleadCampaigns.smartleadId)),
    );
  return new Set(rows.map((r) => Number(r.id)));
}

/** The key's campaigns that are not in this workspace yet (GET /campaigns). */
export async function importableCampaigns(opts: Deps): Promise<ImportableCampaign[]> {
  const client = await smartleadClientFor({ ...opts, caller: 'interactive' });
  const remote = await client.listCampaigns();
  const known = await knownIds(opts);
  return remote
    .filter((c) => !known.has(c.id))
    .map((c) => ({
      smartleadId: c.id,
      name: c.name ?? `Campaign ${c.id}`,
      status: c.status ?? 'DRAFTED',
      createdAt: c.created_at ?? null,
    }));
}

/**
 * Imports the chosen campaigns from one listing (GET /campaigns): nothing per campaign is asked while the
 * user waits; their lead counts and sending accounts are read afterwards by a job (import-details.ts).
 */
export async function importCampaigns(
  opts: Deps & { queue: JobSender; smartleadIds: number[]; now: Date },
): Promise<{ imported: number }> {
  const client = await smartleadClientFor({ ...opts, caller: 'interactive' });
  const remote = new Map((await client.listCampaigns()).map((c) => [c.id, c]));
  const missing = opts.smartleadIds.filter((id) => !remote.has(id));
  if (missing.length) throw badRequest(`Not a campaign of your Smartlead account: ${missing.join(', ')}.`);
  const known = await knownIds(opts);
  const fresh = [...new Set(opts.smartleadIds)].filter((id) => !known.has(id));
  if (!fresh.length) return { imported: 0 };
  const inserted = await opts.db
    .insert(smartleadCampaigns)
    .values(
      fresh.map((id) => {
        const c = remote.get(id)!;
        const created = Date.parse(c.created_at ?? '');
        return {
          workspaceId: opts.workspaceId,
          name: c.name ?? `Campaign ${id}`,
          idempotencyKey: `import:${id}`,
          smartleadId: id,
          state: 'completed' as const,
          totalLeads: 0,
          batchCount: 0,
          createdAt: Number.isFinite(created) ? new Date(created) : opts.now,
          updatedAt: opts.now,
          completedAt: opts.now,
          importedAt: opts.now,
        };
      }),
    )
    .onConflictDoNothing()
    .returning({ smartleadId: smartleadCampaigns.smartleadId });
  const ids = inserted.flatMap((r) => (r.smartleadId === null ? [] : [r.smartleadId]));
  if (ids.length) {
    await opts.queue.send(SMARTLEAD_IMPORT_DETAILS_JOB, { workspaceId: opts.workspaceId, smartleadIds: ids });
  }
  return { imported: inserted.length };
}
