// A loopback world like hosted mail: DOMAINS domains, each with its own MX name (mx.<domain>), all
// resolving to SERVERS fake SMTP servers (127.70.0.1…), like Google Workspace or Microsoft 365
// tenants. 60 % of addresses exist; 1 domain in 10 is catch-all (all on the last server, a gateway
// that accepts all). The truth of every address is known, so accuracy can be measured. The servers
// behave as real ones do: at most CAP connections per client, each counted until the server has read
// the client's close (421 to the next one), and RCPT_LIMIT recipients per session (then 452 4.5.3).
//
// SHAPE=even (default): two addresses per domain (DOMAINS sets fewer domains with more each), spread
// evenly. SHAPE=skewed: like a held-out list of 3,000 rows on ~1,800 domains and a dozen servers,
// where one server hosts 42 % of the domains (758 of 1,800), nearly all with a single row; scales
// with ROWS and DOMAINS.
// REPLY_MODEL=round-trip (default): LATENCY_MS per round trip, a pipelined group answered at once.
// REPLY_MODEL=per-command: the servers spend LATENCY_MS on each command, one after another (a
// directory look-up per command), over a NET_MS network (default 1).
// ERROR_LIMITS=postfix: every server counts rejections as Postfix does (1 s added to every reply
// after 10 in a session, disconnect at 20). ERROR_LIMITS=exim: every server denies every RCPT past 10
// of a message with fewer than half accepted ("550 Rejected for too many bad recipients").
// STARTTLS=1: every server offers STARTTLS.
// The ceiling counts the polite error budget (9 rejections a session) at every server, and STARTTLS
// when offered.
import { execSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type FakeDns, startFakeDns } from '../tests/fakes/dns';
import { type FakeSmtp, startFakeSmtp } from '../tests/fakes/smtp';
import { errorBudgetOf, type ReplyModel } from './ceiling';

export const SHAPE = process.env.SHAPE === 'skewed' ? 'skewed' : 'even';
export const ROWS = Number(process.env.ROWS ?? (SHAPE === 'skewed' ? 3000 : 20000));
export const SERVERS = Number(process.env.SERVERS ?? (SHAPE === 'skewed' ? 12 : 15));
export const LATENCY_MS = Number(process.env.LATENCY_MS ?? 30);
const NET_MS = Number(process.env.NET_MS ?? 1);
export const REPLY_MODEL: ReplyModel =
  process.env.REPLY_MODEL === 'per-command' ? 'per-command' : 'round-trip';
export const RCPT_LIMIT = Number(process.env.RCPT_LIMIT ?? 20);
/** Domains (default: two addresses each; skewed: 0.6 per row). */
export const DOMAINS = Number(
  process.env.DOMAINS ?? (SHAPE === 'skewed' ? Math.round(ROWS * 0.6) : Math.ceil(ROWS / 2)),
);
export const CAP = 2;
const ERROR_LIMITS =
  process.env.ERROR_LIMITS === 'postfix' ? { soft: 10, hard: 20, sleepMs: 1000 } : undefined;
/** ERROR_LIMITS=exim: every server denies RCPTs past Exim's bad-recipient line (Debian's ACL). */
const EXIM = process.env.ERROR_LIMITS === 'exim';
/** STARTTLS=1: every server offers STARTTLS (kept by a polite client; counted in the ceiling). */
const STARTTLS = process.env.STARTTLS === '1';

/** A reply model's times: per round trip (network) and per command (the server's own work). */
const timesOf = (model: ReplyModel) =>
  model === 'per-command'
    ? { latencyMs: NET_MS, commandMs: LATENCY_MS }
    : { latencyMs: LATENCY_MS, commandMs: 0 };

export type Truth = 'exists' | 'unknown' | 'catch_all';

export interface SharedWorld {
  dns: FakeDns;
  port: number;
  servers: FakeSmtp[];
  emails: string[];
  truth: Map<string, Truth>;
  /** MX host name → IP (what a resolver pointed at the fake DNS answers). */
  ipOf: Map<string, string>;
  /** What every server does, for the ceiling (bench/ceiling.ts). */
  spec: {
    model: ReplyModel;
    timesOf: typeof timesOf;
    cap: number;
    rcptLimit: number;
    errorLimits?: { soft: number; hard: number; sleepMs: number };
    /** Rejections a polite session makes at most (the ceiling's error budget). */
    errorBudget?: number;
    starttls?: boolean;
  };
  /** One line naming the world and its knobs. */
  describe: string;
  close(): Promise<void>;
}

/** Each domain: its server and how many rows it has. */
function plan(): Array<{ server: number; rows: number; catchAll: boolean }> {
  const catchAllServer = SERVERS - 1;
  if (SHAPE === 'even') {
    const perDomain = Math.ceil(ROWS / DOMAINS);
    return Array.from({ length: DOMAINS }, (_, d) => {
      const catchAll = d % 10 === 9;
      const s = d % SERVERS;
      const server = catchAll ? catchAllServer : s === catchAllServer ? 0 : s;
      return { server, rows: Math.max(0, Math.min(perDomain, ROWS - d * perDomain)), catchAll };
    });
  }
  // Skewed: server 0 hosts 758/1800 of the domains and 812/3000 of the rows (one row each, a few two).
  const bigDomains = Math.round((DOMAINS * 758) / 1800);
  const bigRows = Math.max(bigDomains, Math.round((ROWS * 812) / 3000));
  const out = Array.from({ length: bigDomains }, (_, d) => ({
    server: 0,
    rows: d < bigRows - bigDomains ? 2 : 1,
    catchAll: false,
  }));
  const restDomains = DOMAINS - bigDomains;
  const restRows = ROWS - bigRows;
  const base = Math.floor(restRows / restDomains);
  for (let d = 0; d < restDomains; d++) {
    const catchAll = d % 10 === 9;
    const server = catchAll ? catchAllServer : 1 + (d % (SERVERS - 2));
    out.push({ server, rows: base + (d < restRows % restDomains ? 1 : 0), catchAll });
  }
  return out;
}

export async function startSharedWorld(): Promise<SharedWorld> {
  const emails: string[] = [];
  const truth = new Map<string, Truth>();
  const perServer: string[][] = Array.from({ length: SERVERS }, () => []);
  const ipOf = new Map<string, string>();
  const zone: Record<string, { MX?: { preference: number; exchange: string }[]; A?: string[] }> = {};
  const serverIp = (s: number) => `127.70.0.${s + 1}`;
  for (const [d, p] of plan().entries()) {
    const domain = `t${d}.shared.test`;
    zone[domain] = { MX: [{ preference: 10, exchange: `mx.${domain}` }] };
    zone[`mx.${domain}`] = { A: [serverIp(p.server)] };
    ipOf.set(`mx.${domain}`, serverIp(p.server));
    for (let i = 0; i < p.rows && emails.length < ROWS; i++) {
      const email = `user${i}.${d}@${domain}`;
      // 6 rows in 10 exist, by the row's place in the list.
      const exists = emails.length % 10 < 6;
      emails.push(email);
      truth.set(email, p.catchAll ? 'catch_all' : exists ? 'exists' : 'unknown');
      if (exists && !p.catchAll) perServer[p.server].push(email);
    }
  }
  const times = timesOf(REPLY_MODEL);
  const servers: FakeSmtp[] = [];
  let port = 0;
  for (let s = 0; s < SERVERS; s++) {
    const fake = await startFakeSmtp({
      host: serverIp(s),
      port,
      latencyMs: times.latencyMs,
      commandMs: times.commandMs,
      errorLimits: ERROR_LIMITS,
      eximBadRcpt: EXIM,
      starttls: STARTTLS,
      catchAll: s === SERVERS - 1,
      mailboxes: perServer[s],
      maxConnections: CAP,
      holdUntilClientCloses: true,
      maxRcptPerSession: RCPT_LIMIT,
    });
    port = fake.port;
    servers.push(fake);
  }
  const dns = await startFakeDns({ zone });
  const model =
    REPLY_MODEL === 'per-command'
      ? `${LATENCY_MS} ms per command, one after another, ${NET_MS} ms network`
      : `${LATENCY_MS} ms per reply (round trip)`;
  return {
    dns,
    port,
    servers,
    emails,
    truth,
    ipOf,
    spec: {
      model: REPLY_MODEL,
      timesOf,
      cap: CAP,
      rcptLimit: RCPT_LIMIT,
      errorLimits: ERROR_LIMITS,
      errorBudget: errorBudgetOf(ERROR_LIMITS ?? { soft: 10 }),
      starttls: STARTTLS,
    },
    describe: `${SHAPE} world: ${emails.length} rows, ${DOMAINS} domains on ${SERVERS} servers, ${model}, cap ${CAP}, ${RCPT_LIMIT} RCPT per session${ERROR_LIMITS ? ', Postfix error limits' : ''}${EXIM ? ", Exim's bad-recipient rule" : ''}${STARTTLS ? ', STARTTLS offered' : ''}`,
    close: async () => {
      await Promise.all([dns.close(), ...servers.map((s) => s.close())]);
    },
  };
}

/**
 * The engine as it was at BASELINE_REV (default d4b1deb, before the error budget and
 * multi-domain transactions), taken from git
 * into .tmp/ so both run on the same harness in the same process.
 */
export async function loadBaselineVerifier(rev = process.env.BASELINE_REV ?? 'd4b1deb') {
  const root = path.resolve(import.meta.dirname, '..');
  const sha = execSync(`git rev-parse --short ${rev}`, { cwd: root }).toString().trim();
  const dir = path.join(root, '.tmp', `bench-baseline-${sha}`);
  if (!existsSync(path.join(dir, 'src/server/features/verification/verifier.ts'))) {
    mkdirSync(dir, { recursive: true });
    execSync(`git archive ${sha} src | tar -x -C ${dir}`, {
      cwd: root,
    });
  }
  const mod = await import(path.join(dir, 'src/server/features/verification/verifier.ts'));
  return { sha, createVerifier: mod.createVerifier as (o: object) => BaselineVerifier };
}

export interface BaselineVerifier {
  checkStep1(emails: string[]): Promise<unknown[]>;
  checkStep2(
    emails: string[],
    o?: { tenant?: string },
  ): Promise<Array<{ input: string; status: string; reason: string }>>;
  close(): Promise<void>;
}

/** Our verdict right when it matches the world's truth. */
export function ourAccuracy(
  world: SharedWorld,
  results: Array<{ input: string; status: string; reason: string }>,
) {
  let right = 0;
  for (const r of results) {
    const t = world.truth.get(r.input);
    if (t === 'exists' && r.status === 'valid') right++;
    else if (t === 'unknown' && r.status === 'invalid') right++;
    else if (t === 'catch_all' && r.reason === 'catch_all') right++;
  }
  return right / results.length;
}

export const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
