// `npm run bench:score-calibration`: how well the confidence score of catch-all rows predicts delivery,
// on a generated send history (no database, no network: shared/score.ts on synthetic outcomes).
//
// DOMAINS catch-all domains (default 2,000) each get a true delivery rate: most behave (mean 93 %), a
// share are traps that bounce a lot (mean 60 %). Each domain has a past of 0–60 sent rows whose bounces
// are drawn from its true rate; the score of its next rows is computed from that past (the domain's
// history, as the app does), then FUTURE (default 20) new rows per domain are "sent" and their delivery
// observed. Rows are grouped by score decile: predicted (mean score) next to observed delivery.
import { scoreOf } from '../src/shared/score';

const DOMAINS = Number(process.env.DOMAINS ?? 2000);
const FUTURE = Number(process.env.FUTURE ?? 20);
let seed = Number(process.env.SEED ?? 23);
/** A small deterministic generator (mulberry32): the same figures on every run for a given SEED. */
function random(): number {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const clamp = (x: number) => Math.min(0.999, Math.max(0.01, x));
const binomial = (n: number, p: number) => {
  let k = 0;
  for (let i = 0; i < n; i++) if (random() < p) k++;
  return k;
};

interface Bucket {
  rows: number;
  predicted: number;
  delivered: number;
}
const withHistory = new Map<number, Bucket>();
const priorOnly: Bucket = { rows: 0, predicted: 0, delivered: 0 };
let absErrHistory = 0;
let absErrPrior = 0;

for (let d = 0; d < DOMAINS; d++) {
  const trap = random() < 0.25;
  const p = clamp(trap ? 0.6 + (random() - 0.5) * 0.3 : 0.93 + (random() - 0.5) * 0.1);
  const sent = Math.floor(random() * 61);
  const bounced = sent - binomial(sent, p);
  const base = { finalStatus: 'risky' as const, reason: 'catch_all', provider: null };
  const score = scoreOf({ ...base, domainHistory: { sent, bounced } })!;
  const prior = scoreOf(base)!;
  const delivered = binomial(FUTURE, p);
  const decile = Math.min(9, Math.floor(score / 10));
  const b = withHistory.get(decile) ?? { rows: 0, predicted: 0, delivered: 0 };
  b.rows += FUTURE;
  b.predicted += score * FUTURE;
  b.delivered += delivered;
  withHistory.set(decile, b);
  priorOnly.rows += FUTURE;
  priorOnly.predicted += prior * FUTURE;
  priorOnly.delivered += delivered;
  absErrHistory += Math.abs(score / 100 - delivered / FUTURE);
  absErrPrior += Math.abs(prior / 100 - delivered / FUTURE);
}

const pct = (x: number) => `${x.toFixed(1).padStart(5)} %`;
console.log(
  `score calibration: ${DOMAINS} catch-all domains, ${FUTURE} new rows each (SEED=${process.env.SEED ?? 23})`,
);
console.log('decile     rows   predicted   observed');
for (const [decile, b] of [...withHistory].sort((a, z) => a[0] - z[0])) {
  const label = `${decile * 10}–${decile * 10 + 9}`.padEnd(8);
  console.log(
    `${label} ${String(b.rows).padStart(6)}   ${pct(b.predicted / b.rows)}   ${pct((100 * b.delivered) / b.rows)}`,
  );
}
console.log(
  `prior only (75 for every catch-all row): predicted ${pct(priorOnly.predicted / priorOnly.rows)}, observed ${pct((100 * priorOnly.delivered) / priorOnly.rows)}`,
);
console.log(
  `mean absolute error per domain: with history ${(absErrHistory / DOMAINS).toFixed(3)}, prior only ${(absErrPrior / DOMAINS).toFixed(3)}`,
);
