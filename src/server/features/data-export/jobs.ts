import { defineJob, noPayload } from '../../platform/jobs/registry';
import { buildExport, failExport } from './build';
import { deleteExpiredExports } from './exports';
import { dataExportJobType } from './job-type';

/**
 * Builds one "Your data" zip (build.ts). A failure is said on screen at once (the user asks again); a worker
 * that dies mid-build leaves the job to the queue, which runs it again from the start.
 */
export const dataExportJob = defineJob({
  ...dataExportJobType,
  queue: { retryLimit: 2, retryDelay: 10, expireInSeconds: 3600 },
  async handle(data, ctx) {
    try {
      await buildExport({ db: ctx.database.db, exportId: data.exportId, now: ctx.clock });
    } catch (err) {
      ctx.log.error({ err, exportId: data.exportId }, 'data export failed');
      await failExport({
        db: ctx.database.db,
        exportId: data.exportId,
        message: 'The export could not be built. Please try again.',
        now: ctx.clock(),
      });
    }
  },
});

/** Hourly: exports past their keep date are deleted. */
export const dataExportCleanupJob = defineJob({
  name: 'data-export-cleanup',
  payload: noPayload,
  cron: '23 * * * *',
  async handle(_data, ctx) {
    await deleteExpiredExports({ db: ctx.database.db, now: ctx.clock() });
  },
});
