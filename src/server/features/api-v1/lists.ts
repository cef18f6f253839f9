import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { type ApiList, toApiList } from '../../../shared/api-v1';
import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db/client';
import { badRequest } from '../../platform/http/errors';
import type { JobSender } from '../../platform/jobs/registry';
import { assertHasAccess } from '../billing';
import { createUploadFromRows, discardUpload, getUploadStatus, ingestCsv, startVerification } from '../lists';
import { assertQuotaLeft } from '../usage';
import type { WorkspacePlan } from '../workspaces';
import { claimIdempotencyKey, completeIdempotencyKey, releaseIdempotencyKey } from './idempotency';

export type ApiListInput =
  | { kind: 'csv'; filename: string; bytes: Buffer }
  | { kind: 'json'; name?: string; emails: string[]; fresh?: boolean };

const hashOf = (input: ApiListInput) =>
  createHash('sha256')
    .update(input.kind === 'csv' ? `csv\0${input.filename}\0` : `json\0${input.name ?? ''}\0`)
    .update(input.kind === 'csv' ? input.bytes : input.emails.join('\n'))
    .digest('hex');

/**
 * POST /api/v1/lists: stores a list (CSV file or JSON addresses) and starts its verification, through
 * the same ingest and start functions as the web upload. All or nothing: when the start is refused
 * (no access, quota used up) the stored rows are removed again. With an Idempotency-Key the first
 * answer is stored and replayed, so a retried request never creates a second list.
 */
export async function createApiList(opts: {
  db: Db;
  queue: JobSender;
  config: Config;
  workspace: WorkspacePlan;
  now: Date;
  input: ApiListInput;
  idempotencyKey?: string;
}): Promise<{ status: number; body: ApiList; replayed: boolean }> {
  const { db, workspace, now, input, idempotencyKey: key } = opts;
  if (input.kind === 'json' && input.emails.length > opts.config.API_MAX_JSON_EMAILS) {
    throw badRequest(`A list sent as JSON holds at most ${opts.config.API_MAX_JSON_EMAILS} addresses.`);
  }
  if (key) {
    const claim = await claimIdempotencyKey({
      db,
      workspaceId: workspace.id,
      key,
      requestHash: hashOf(input),
      now,
    });
    if (claim.kind === 'replay') return { status: claim.status, body: claim.body as ApiList, replayed: true };
  }
  let uploadId: string | null = null;
  try {
    // Refused before anything is read into the database.
    await assertHasAccess({ db, workspace, now });
    await assertQuotaLeft({ db, config: opts.config, workspace, kind: 'verification', now });
    if (input.kind === 'csv') {
      const res = await ingestCsv({
        db,
        workspaceId: workspace.id,
        filename: input.filename,
        stream: Readable.from([input.bytes]),
        now,
        batchSize: opts.config.LISTS_BATCH_SIZE,
      });
      uploadId = res.uploadId;
    } else {
      const res = await createUploadFromRows({
        db,
        workspaceId: workspace.id,
        name: input.name ?? `API list ${now.toISOString().slice(0, 19).replace('T', ' ')}`,
        headers: ['email'],
        rows: input.emails.map((e) => [e]),
        emailColumn: 0,
        now,
        settings: opts.config,
      });
      uploadId = res.uploadId;
    }
    const fresh = input.kind === 'json' && Boolean(input.fresh);
    await startVerification({
      db,
      queue: opts.queue,
      settings: opts.config,
      workspace,
      uploadId,
      now,
      fresh,
    });
    const body = toApiList(await getUploadStatus({ db, workspaceId: workspace.id, uploadId, now }));
    if (key) await completeIdempotencyKey({ db, workspaceId: workspace.id, key, status: 201, body });
    return { status: 201, body, replayed: false };
  } catch (err) {
    if (uploadId) await discardUpload({ db, uploadId }).catch(() => {});
    if (key) await releaseIdempotencyKey({ db, workspaceId: workspace.id, key }).catch(() => {});
    throw err;
  }
}
