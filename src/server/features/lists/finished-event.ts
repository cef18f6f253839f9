import { toApiList } from '../../../shared/api-v1';
import type { Db } from '../../platform/db/client';
import type { JobSender } from '../../platform/jobs/registry';
import { emitWebhookEvent } from '../webhooks';
import { runEnding } from './queries/upload-reads';
import { getUploadStatus } from './read';

const EVENT_OF: Record<string, 'list.completed' | 'list.failed' | 'list.cancelled'> = {
  completed: 'list.completed',
  failed: 'list.failed',
  cancelled: 'list.cancelled',
};

/**
 * list.completed / list.failed / list.cancelled, called where a run's final transition happened (one
 * UPDATE, so once per run; the event key makes a repeat harmless anyway). The payload is the API's list
 * object.
 * Never throws: a webhook problem must not touch the verification run.
 */
export async function notifyListFinished(opts: {
  db: Db;
  queue?: JobSender;
  uploadId: string;
  log?: { error(obj: unknown, msg?: string): void };
}): Promise<void> {
  try {
    const u = await runEnding(opts.db, { uploadId: opts.uploadId });
    const type = u && EVENT_OF[u.status];
    if (!type) return;
    const list = toApiList(
      await getUploadStatus({
        db: opts.db,
        workspaceId: u.workspaceId,
        uploadId: opts.uploadId,
        now: new Date(),
      }),
    );
    await emitWebhookEvent({
      db: opts.db,
      queue: opts.queue,
      workspaceId: u.workspaceId,
      type,
      data: { list },
      key: `${type}:${opts.uploadId}:${u.runId}`,
    });
  } catch (err) {
    opts.log?.error({ err, uploadId: opts.uploadId }, 'list webhook event not recorded');
  }
}
