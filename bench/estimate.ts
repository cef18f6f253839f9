// `npm run bench:estimate`: how close the free estimate (decision 0890) comes to what verifying the list
// actually gives, on a world of known truth (tests/fakes/smtp-world.ts). The list mixes every group the
// estimate forecasts: mailboxes that exist or not over several domains, catch-all domains, a disposable
// provider, role addresses, a server refusing by policy (unknown), a domain that does not exist,
// malformed rows and duplicates. TRIALS estimates (each its own random sample of SAMPLE addresses, the
// product's default) are compared with one full verification: per group, the mean forecast, the actual
// count, the mean absolute error and how often the 95% interval held the actual count.

import { ESTIMATE_SAMPLE, type Forecast, forecastList, groupOf } from '../src/server/features/lists/estimate';
import { createVerifier } from '../src/server/features/verification';
import { ESTIMATE_GROUPS, type EstimateGroup } from '../src/shared/credits';
import { startWorld } from '../tests/fakes/smtp-world';

const ROWS = Number(process.env.ROWS ?? 1000);
const TRIALS = Number(process.env.TRIALS ?? 10);
const SAMPLE = Number(process.env.SAMPLE ?? ESTIMATE_SAMPLE);

// A seeded generator, so a run can be repeated (mulberry32).
function rng(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const random = rng(2026);
const GOOD = 10;
const mailboxes: Record<string, string[]> = {};
const rows: string[] = [];
// The list's design: shares of rows by what they are.
const design: Array<[number, () => string]> = [
  [0.62, () => goodAddress()],
  [0.1, () => `p${rows.length}@catch${rows.length % 3}.test`],
  [0.03, () => `t${rows.length}@mailinator.com`],
  [0.05, () => `u${rows.length}@policy.test`],
  [0.04, () => `x${rows.length}@nodomain.test`],
  [0.03, () => `not an address ${rows.length}`],
  [0.03, () => (rows.length > 0 ? rows[Math.floor(random() * rows.length)].toUpperCase() : 'a@b')],
  [0.1, () => `${['info', 'sales', 'support', 'contact'][rows.length % 4]}@good${rows.length % GOOD}.test`],
];
function goodAddress() {
  const d = `good${Math.floor(random() * GOOD)}.test`;
  const email = `user${rows.length}@${d}`;
  // Six in ten exist.
  if (random() < 0.6) mailboxes[d].push(email);
  return email;
}
for (let i = 0; i < GOOD; i++) mailboxes[`good${i}.test`] = [];
for (let i = 0; i < ROWS; i++) {
  let r = random();
  for (const [share, make] of design) {
    if (r < share) {
      rows.push(make());
      break;
    }
    r -= share;
  }
  if (rows.length === i) rows.push(goodAddress());
}
// Role addresses exist (a server answers them; the prober names them role).
for (let i = 0; i < GOOD; i++)
  mailboxes[`good${i}.test`].push(
    ...['info', 'sales', 'support', 'contact'].map((l) => `${l}@good${i}.test`),
  );

const world = await startWorld(
  {
    ...Object.fromEntries(Object.entries(mailboxes).map(([d, m]) => [d, { mailboxes: m }])),
    'catch0.test': { catchAll: true },
    'catch1.test': { catchAll: true },
    'catch2.test': { catchAll: true },
    'mailinator.com': { catchAll: true },
    'policy.test': { rcptReply: '550 5.7.1 Message rejected due to local policy' },
  },
  { 'nodomain.test': 'NXDOMAIN' },
);
const env = world.env();
const verifier = createVerifier({
  dnsServers: [env.DNS_SERVERS],
  smtp: {
    allowPrivate: true,
    port: Number(env.SMTP_PORT),
    heloName: 'probe.test',
    mailFrom: 'bounce@probe.test',
  },
});

// The estimates first, so the first one meets a cold prober as a user's would.
const forecasts: Forecast[] = [];
const estimateMs: number[] = [];
for (let t = 0; t < TRIALS; t++) {
  const at = Date.now();
  forecasts.push(
    await forecastList({
      verifier,
      emails: rows,
      recent: new Set(),
      tenant: `estimate-${t}`,
      sample: SAMPLE,
      random: rng(t + 1),
    }),
  );
  estimateMs.push(Date.now() - at);
}

// The actual breakdown: every row verified, as a run would (duplicates share their first row's answer).
const actual = Object.fromEntries(ESTIMATE_GROUPS.map((g) => [g, 0])) as Record<EstimateGroup, number>;
const firsts: string[] = [];
const seen = new Set<string>();
for (const e of rows) {
  const k = e.trim().toLowerCase();
  if (seen.has(k)) actual.duplicate++;
  else firsts.push(e);
  seen.add(k);
}
const started = Date.now();
const step1 = await verifier.checkStep1(firsts);
const smtp = firsts.filter((_, i) => step1[i].status === 'valid');
step1.forEach((s) => {
  if (s.status !== 'valid') actual[groupOf(s.status, s.reason)]++;
});
for (const r of await verifier.checkStep2(
  smtp.map((email, i) => ({ email, key: String(i) })),
  { tenant: 'truth' },
)) {
  actual[groupOf(r.status, r.reason)]++;
}
const verifyMs = Date.now() - started;
const chargedActual = ESTIMATE_GROUPS.filter((g) =>
  ['valid', 'invalid', 'catch_all', 'disposable', 'role'].includes(g),
).reduce((a, g) => a + actual[g], 0);

const pad = (s: string | number, n: number) => String(s).padStart(n);
console.log(
  `estimate accuracy: ${ROWS} rows (${smtp.length} need the mail server), sample ${SAMPLE}, ${TRIALS} trials`,
);
console.log(
  `${'group'.padEnd(12)}${pad('actual', 8)}${pad('forecast', 10)}${pad('mean |err|', 12)}${pad('in 95%', 8)}`,
);
const line = (
  name: string,
  truth: number,
  pick: (f: Forecast) => { expected: number; low: number; high: number },
) => {
  const r = forecasts.map(pick);
  const mean = r.reduce((a, x) => a + x.expected, 0) / r.length;
  const err = r.reduce((a, x) => a + Math.abs(x.expected - truth), 0) / r.length;
  const held = r.filter((x) => x.low <= truth && truth <= x.high).length;
  console.log(
    `${name.padEnd(12)}${pad(truth, 8)}${pad(mean.toFixed(1), 10)}${pad(err.toFixed(1), 12)}${pad(`${held}/${r.length}`, 8)}`,
  );
};
for (const g of ESTIMATE_GROUPS)
  line(g, actual[g], (f) => f.breakdown.find((b) => b.group === g) ?? { expected: 0, low: 0, high: 0 });
line('credits', chargedActual, (f) => f.credits);
const median = estimateMs.slice().sort((a, b) => a - b)[Math.floor(estimateMs.length / 2)];
console.log(
  `time: full verification ${verifyMs} ms; one estimate, median ${median} ms (first ${estimateMs[0]} ms)`,
);
await verifier.close?.();
await world.close();
process.exit(0);
