import type { WaitingGroup } from '../../../shared/list-runs';
import type { Db } from '../../platform/db/client';
import type { Verifier } from '../verification';
import { setWaiting } from './queries/uploads';

/** How often a lane copies what its rows wait for onto the upload (only when it changed). */
const EVERY_MS = 2000;

/**
 * Mirrors what this process's prober says the upload's rows are waiting for (greylisted until …, a
 * server that asked us to slow down, one that has not answered yet) onto `uploads.waiting`, read by
 * the status API. Several lanes of one process write the same view; with several processes the last
 * writer's view is shown (each sees the rows it holds).
 */
export function watchWaiting(db: Db, uploadId: string, verifier: Verifier) {
  let shown = '[]';
  let writing = Promise.resolve();
  const write = (groups: WaitingGroup[]) => {
    const json = JSON.stringify(groups);
    if (json === shown) return;
    shown = json;
    writing = writing
      .then(() => setWaiting(db, { waiting: json, uploadId }))
      .then(() => {})
      .catch(() => {});
  };
  const timer = setInterval(() => write(verifier.waiting(uploadId)), EVERY_MS);
  return {
    async stop() {
      clearInterval(timer);
      write([]);
      await writing;
    },
  };
}
