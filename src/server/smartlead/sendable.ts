import type { SendableGroup } from '../../shared/smartlead';
import type { Db } from '../db/client';
import { listSendableEmails } from '../lists/sendable';

/**
 * The user's sendable addresses (the lists feature decides which: SPEC §5), grouped by upload for the
 * send screen, newest upload first.
 */
export async function sendableGroups(opts: { db: Db; userId: string }) {
  const emails = await listSendableEmails(opts);
  const groups = new Map<string, SendableGroup>();
  for (const e of emails) {
    let g = groups.get(e.uploadId);
    if (!g) {
      g = { uploadId: e.uploadId, uploadName: e.uploadName, uploadedAt: e.uploadDate, emails: [] };
      groups.set(e.uploadId, g);
    }
    g.emails.push({ id: String(e.id), email: e.email, name: e.name, company: e.company, status: e.status });
  }
  return { groups: [...groups.values()], total: emails.length };
}
