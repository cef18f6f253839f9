import type { z } from 'zod';
import type { verifyDoneSchema, verifyPendingSchema } from '../../../shared/api-v1';
import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db/client';
import { AppError } from '../../platform/http/errors';
import { awaitJob } from '../../platform/jobs/await-job';
import type { JobSender } from '../../platform/jobs/registry';
import { getResultsPage, getUploadStatus } from '../lists';
import type { WorkspacePlan } from '../workspaces';
import { createApiList } from './lists';

type Done = z.infer<typeof verifyDoneSchema>;
type Pending = z.infer<typeof verifyPendingSchema>;

/**
 * POST /api/v1/verify: one address through both steps, answered in the same request when the run
 * ends within the timeout. It is a one-row list (same engine, same result row, same metering as any
 * list); when time runs out the answer is `pending` with the list id to poll, never a guessed verdict.
 */
export async function verifyOne(opts: {
  db: Db;
  queue: JobSender;
  config: Config;
  workspace: WorkspacePlan;
  now: Date;
  email: string;
  timeoutMs?: number;
}): Promise<{ status: 200; body: Done } | { status: 202; body: Pending }> {
  const { db, workspace } = opts;
  const created = await createApiList({
    db,
    queue: opts.queue,
    config: opts.config,
    workspace,
    now: opts.now,
    input: { kind: 'json', name: `Single verification: ${opts.email}`, emails: [opts.email] },
  });
  const listId = created.body.id;
  const status = await awaitJob({
    first: created.body.status,
    read: async () =>
      (await getUploadStatus({ db, workspaceId: workspace.id, uploadId: listId, now: new Date() })).status,
    done: (s) => s === 'completed' || s === 'failed',
    waitMs: opts.timeoutMs ?? opts.config.API_VERIFY_TIMEOUT_MS,
  });
  if (status === 'failed') {
    throw new AppError(
      'upstream_failed',
      'The verification could not finish on our side. Please try again.',
      { listId },
    );
  }
  const page = await getResultsPage({
    db,
    workspaceId: workspace.id,
    uploadId: listId,
    page: 1,
    filter: 'all',
    search: '',
  });
  const result = page.results[0] ?? null;
  if (status === 'completed' && result?.isFinal)
    return { status: 200, body: { status: 'done', listId, result } };
  return {
    status: 202,
    body: { status: 'pending', listId, retryAfterSeconds: 5, result },
  };
}
