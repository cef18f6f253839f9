import { and, eq, inArray } from 'drizzle-orm';
import { type ReasonCode, verdictOf } from '../../../shared/verification';
import type { Db } from '../../platform/db/client';
import type { Step2Result } from '../verification';
import { uploadCarriedVerdicts } from './schema';

// Verdicts a list's rows arrive with: another feature that has just heard the mail server about an
// address (the email finder, when it found it) hands the verdict over with the time it heard it, and
// step 2 writes that instead of asking the server again. The sender decides which are
// young enough to carry (the re-verification window); a row without one is asked as usual.

export interface CarriedVerdict {
  email: string;
  reason: ReasonCode;
  smtpCode: number | null;
  smtpMessage: string | null;
  mxHost: string | null;
  heardAt: Date;
}

const CHUNK = 5000;

export async function carryVerdicts(db: Db, uploadId: string, verdicts: CarriedVerdict[]): Promise<void> {
  const seen = new Set<string>();
  const rows = verdicts
    .map((v) => ({ ...v, email: v.email.trim().toLowerCase(), uploadId }))
    .filter((v) => v.email && !seen.has(v.email) && seen.add(v.email));
  for (let i = 0; i < rows.length; i += CHUNK)
    await db
      .insert(uploadCarriedVerdicts)
      .values(rows.slice(i, i + CHUNK))
      .onConflictDoNothing();
}

/** The carried verdicts among these addresses, as step 2 writes them, with the time each was heard. */
export async function carriedAmong(
  db: Db,
  uploadId: string,
  emails: string[],
): Promise<Map<string, { result: Pick<Step2Result, CarriedFields>; heardAt: Date }>> {
  const out = new Map<string, { result: Pick<Step2Result, CarriedFields>; heardAt: Date }>();
  const wanted = [...new Set(emails.map((e) => e.trim().toLowerCase()))];
  if (wanted.length === 0) return out;
  const rows = await db
    .select()
    .from(uploadCarriedVerdicts)
    .where(and(eq(uploadCarriedVerdicts.uploadId, uploadId), inArray(uploadCarriedVerdicts.email, wanted)));
  for (const r of rows) {
    const { status, reason } = verdictOf(r.reason as ReasonCode);
    out.set(r.email, {
      result: {
        status,
        reason,
        smtpCode: r.smtpCode,
        smtpMessage: r.smtpMessage,
        mxHost: r.mxHost,
        decidedBy: 'finder',
        attempts: 0,
      },
      heardAt: r.heardAt,
    });
  }
  return out;
}

type CarriedFields = 'status' | 'reason' | 'smtpCode' | 'smtpMessage' | 'mxHost' | 'decidedBy' | 'attempts';
