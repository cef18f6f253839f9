import { asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  CHARGED_REASONS,
  ESTIMATE_GROUPS,
  ESTIMATE_LABELS,
  type EstimateGroup,
  type ListEstimate,
  wilson,
} from '../../../shared/credits';
import type { ReasonCode } from '../../../shared/reason-codes';
import type { Db } from '../../platform/db/client';
import { queryRows } from '../../platform/db/sql';
import { upstreamFailed } from '../../platform/http/errors';
import { reverifyDays } from '../usage';
import type { Verifier } from '../verification';
import { recentlyAnswered } from './queries/credits';
import { uploadRows } from './schema';
import { findOwnUpload } from './start';

// A free estimate of a list before it runs (decision 0890): step 1 on every row (no mail server asked),
// a small sample of the rest asked through the normal prober (its probe budget counts them), and a
// forecast of the breakdown and credits with a 95% interval. Nothing is written and nothing charged.

/** Addresses asked of mail servers for an estimate, at most. */
export const ESTIMATE_SAMPLE = 20;
/** How long an estimate may take; sample answers later than this are left out of it. */
const ESTIMATE_WAIT_MS = 30_000;

/** The groups a mail server's answer can end in (`groupOf` of a step-2 result); the others are step 1's. */
const FROM_SMTP = new Set<EstimateGroup>(['valid', 'invalid', 'catch_all', 'role', 'unknown']);

/** The group of an answer: what a row ending with it would show, and cost. */
export function groupOf(status: string, reason: ReasonCode | null): EstimateGroup {
  if (reason === 'syntax') return 'syntax';
  if (reason === 'catch_all' || reason === 'disposable' || reason === 'role') return reason;
  if (status === 'valid') return 'valid';
  if (status === 'invalid') return 'invalid';
  return 'unknown';
}

/**
 * The estimate of a stored list (`uploadId`, the workspace's) or of addresses not stored (`emails`: the
 * API and MCP ask before creating a list). Domain function for the routes and MCP.
 */
export async function estimateList(opts: {
  db: Db;
  verifier: Verifier;
  workspaceId: string;
  uploadId?: string;
  emails?: string[];
  now: Date;
  sample?: number;
  waitMs?: number;
  random?: () => number;
}): Promise<ListEstimate> {
  const { db, verifier, workspaceId, now } = opts;
  const uploadId = opts.uploadId ?? null;
  let emails = opts.emails ?? [];
  if (uploadId) {
    await findOwnUpload({ db, workspaceId, uploadId });
    const rows = await db
      .select({ email: uploadRows.email })
      .from(uploadRows)
      .where(eq(uploadRows.uploadId, uploadId))
      .orderBy(asc(uploadRows.rowIndex));
    emails = rows.map((r) => r.email);
  }
  const key = (e: string) => e.trim().toLowerCase();
  const days = await reverifyDays(db, workspaceId);
  const distinct = [...new Set(emails.map(key))];
  const recent = new Set(
    days > 0 && distinct.length > 0
      ? (
          await queryRows(
            db,
            z.object({ email: z.string() }),
            recentlyAnswered({
              emails: distinct,
              uploadId,
              workspaceId,
              days,
              now,
              charged: CHARGED_REASONS,
            }),
          )
        ).map((r) => r.email)
      : [],
  );
  const forecast = await forecastList({
    verifier,
    emails,
    recent,
    tenant: `estimate:${uploadId ?? workspaceId}`,
    workspace: workspaceId,
    sample: opts.sample,
    waitMs: opts.waitMs,
    random: opts.random,
  });
  return { uploadId, ...forecast, reverifyDays: days, estimatedAt: now.toISOString() };
}

export type Forecast = Omit<ListEstimate, 'uploadId' | 'reverifyDays' | 'estimatedAt'>;

/**
 * The forecast itself, without the database (the bench runs it on a world of known truth): `recent`
 * holds the addresses (lower case) a run would answer for free.
 */
export async function forecastList(opts: {
  verifier: Verifier;
  emails: string[];
  recent: Set<string>;
  tenant: string;
  /** Whose probe budget pays for the sample's RCPTs (decision 0860); none only in the bench. */
  workspace?: string;
  sample?: number;
  waitMs?: number;
  random?: () => number;
}): Promise<Forecast> {
  const { verifier, emails, recent } = opts;
  const key = (e: string) => e.trim().toLowerCase();
  const known: Record<EstimateGroup, number> = Object.fromEntries(
    ESTIMATE_GROUPS.map((g) => [g, 0]),
  ) as never;
  const toCheck: string[] = [];
  const seenKeys = new Set<string>();
  for (const e of emails) {
    const k = key(e);
    if (seenKeys.has(k)) known.duplicate++;
    else if (recent.has(k)) known.reused++;
    else toCheck.push(e);
    seenKeys.add(k);
  }
  const deadline = Date.now() + (opts.waitMs ?? ESTIMATE_WAIT_MS);
  // A resolver that fails its canaries (it says well-known domains do not exist) is told at once, in its
  // own words: step 1 would only wait for it (decision 0007) until the deadline. Asked afresh: a user's
  // click, three names.
  if (
    toCheck.length > 0 &&
    (await within(verifier.checkResolver?.(0) ?? Promise.resolve(true), 5000)) === false
  ) {
    throw upstreamFailed(
      `${verifier.health().message ?? 'Our DNS resolver is not answering correctly'}. You can still start the list: it waits for the resolver.`,
    );
  }
  // Step 1 waits while our resolver is unhealthy (decision 0007): the estimate says so rather than hang.
  const step1 = toCheck.length > 0 ? await within(verifier.checkStep1(toCheck), deadline - Date.now()) : [];
  if (!step1) {
    throw upstreamFailed(
      'The estimate could not check the domains in time (our DNS resolver is not answering). You can still verify the list.',
    );
  }
  const needSmtp: string[] = [];
  let roleAddresses = 0;
  step1.forEach((s, i) => {
    if (s.status !== 'valid') known[groupOf(s.status, s.reason)]++;
    else {
      needSmtp.push(toCheck[i]);
      if (s.role) roleAddresses++;
    }
  });
  const asked = pick(needSmtp, opts.sample ?? ESTIMATE_SAMPLE, opts.random ?? Math.random);
  const seen = await sampleStep2(verifier, asked, opts, Math.max(0, deadline - Date.now()));
  const n = seen.length;
  const N = needSmtp.length;
  const count = (g: EstimateGroup) => seen.filter((s) => s === g).length;
  const scaled = (k: number) => {
    const w = wilson(k, n);
    return { expected: n > 0 ? w.p * N : N / 2, low: w.low * N, high: w.high * N };
  };
  // The known part is exact; only the forecast of the rows that need a mail server has an interval.
  const withKnown = (k: number, smtp: { expected: number; low: number; high: number }) => ({
    known: k,
    smtp,
    expected: k + smtp.expected,
    low: k + smtp.low,
    high: k + smtp.high,
  });
  const rounded = (expected: number, s: { low: number; high: number }) => ({
    expected: Math.round(expected),
    low: Math.floor(s.low),
    high: Math.ceil(s.high),
  });
  const breakdown = ESTIMATE_GROUPS.map((group) => {
    // A mail server never answers "malformed", "duplicate", "recent" or "disposable": those are exact.
    if (!FROM_SMTP.has(group)) {
      const none = { expected: 0, low: 0, high: 0 };
      return { group, charged: ESTIMATE_LABELS[group].charged, ...withKnown(known[group], none) };
    }
    const s = scaled(count(group));
    // With no answer in the sample, each group of the rest could be anything: its centre means nothing.
    const expected = n > 0 ? s.expected : group === 'unknown' ? N : 0;
    return {
      group,
      charged: ESTIMATE_LABELS[group].charged,
      ...withKnown(known[group], rounded(expected, s)),
    };
  });
  const certain = ESTIMATE_GROUPS.filter((g) => ESTIMATE_LABELS[g].charged).reduce((a, g) => a + known[g], 0);
  const charged = scaled(seen.filter((g) => ESTIMATE_LABELS[g].charged).length);
  return {
    rows: emails.length,
    needSmtp: N,
    roleAddresses,
    sample: { asked: asked.length, answered: n },
    breakdown,
    credits: withKnown(certain, rounded(n > 0 ? charged.expected : N, charged)),
  };
}

/** Up to `k` of `items`, drawn without replacement. */
function pick<T>(items: T[], k: number, random: () => number): T[] {
  const copy = items.slice();
  const out: T[] = [];
  while (out.length < k && copy.length > 0) out.push(copy.splice(Math.floor(random() * copy.length), 1)[0]);
  return out;
}

/** The sample's answers (groups) that came within `waitMs`; the prober counts each probe as usual. */
async function sampleStep2(
  verifier: Verifier,
  emails: string[],
  who: { tenant: string; workspace?: string },
  waitMs: number,
) {
  const groups: EstimateGroup[] = [];
  if (emails.length === 0) return groups;
  const work = verifier.checkStep2(
    emails.map((email, i) => ({ email, key: String(i) })),
    {
      tenant: who.tenant,
      workspace: who.workspace,
      onResult: (r) => groups.push(groupOf(r.status, r.reason)),
    },
  );
  await within(work, waitMs);
  return groups.slice();
}

/** `work`'s result, or null when it takes longer than `ms` (it goes on; its answer is dropped). */
async function within<T>(work: Promise<T>, ms: number): Promise<T | null> {
  work.catch(() => {});
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), Math.max(0, ms));
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}
