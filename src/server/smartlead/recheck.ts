import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { query } from '../lists/sql';
import type { Step2Result } from '../verification';

// Before leads go to Smartlead, those whose verdict is older than REVERIFY_AFTER_DAYS are asked again
// (decision 0221): mailboxes close, and a stale "valid" is the commonest hard bounce. A fresh "invalid"
// holds the lead back. Anything else is sent on: a fresh valid or risky answer, and above all an answer
// that did not come (our network, a server that would not talk in time), which is never a verdict on
// the address: it goes on its earlier one.

/** Asks the engine (both steps) about these addresses; answers come through `onResult`. */
export type Recheck = (emails: string[], onResult: (r: Step2Result) => void) => Promise<unknown>;

export interface RecheckOutcome {
  /** Lower-cased addresses a fresh answer found invalid, with its reason. */
  invalid: Map<string, string>;
  checked: number;
  unanswered: number;
}

/** Addresses of the workspace whose latest verdict is older than `before` (never verified: not stale). */
export async function staleAmong(opts: {
  db: Db;
  workspaceId: string;
  emails: string[];
  before: Date;
}): Promise<string[]> {
  const wanted = [...new Set(opts.emails.map((e) => e.trim().toLowerCase()))];
  if (wanted.length === 0) return [];
  const rows = await query<{ email: string }>(
    opts.db,
    sql`SELECT lower(r.email) AS email
      FROM uploads u
      JOIN upload_rows r ON r.upload_id = u.id AND lower(r.email) = ANY(${sql.param(wanted)}::text[])
      JOIN upload_results x ON x.upload_id = r.upload_id AND x.row_index = r.row_index
      WHERE u.workspace_id = ${opts.workspaceId} AND x.final_status IN ('valid', 'risky', 'invalid')
      GROUP BY lower(r.email)
      HAVING max(coalesce(x.step2_verified_at, x.verified_at)) < ${opts.before}::timestamptz`,
  );
  return rows.map((r) => r.email);
}

/** Re-checks the stale addresses, waiting at most `timeoutMs` for their answers. */
export async function recheckStale(opts: {
  db: Db;
  workspaceId: string;
  emails: string[];
  now: Date;
  afterDays: number;
  timeoutMs: number;
  recheck: Recheck;
}): Promise<RecheckOutcome> {
  const out: RecheckOutcome = { invalid: new Map(), checked: 0, unanswered: 0 };
  if (opts.afterDays <= 0) return out;
  const stale = await staleAmong({
    db: opts.db,
    workspaceId: opts.workspaceId,
    emails: opts.emails,
    before: new Date(opts.now.getTime() - opts.afterDays * 86_400_000),
  });
  if (stale.length === 0) return out;
  const answered = new Set<string>();
  const work = opts.recheck(stale, (r) => {
    const email = r.input.trim().toLowerCase();
    answered.add(email);
    if (r.status === 'invalid') out.invalid.set(email, r.reason);
  });
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    work.catch(() => {}),
    new Promise((resolve) => {
      timer = setTimeout(resolve, opts.timeoutMs);
    }),
  ]);
  clearTimeout(timer);
  out.checked = answered.size;
  out.unanswered = stale.length - answered.size;
  return out;
}
