// The list bench/real-exim.ts verifies, its truth, and what it reads in Exim's log.

export type Truth = 'exists' | 'role' | 'unknown' | 'catch_all';

const FIRST =
  'anna ben carla dan eva finn gina hugo iris jon kate leo mia nils olga paul rosa sam tina uwe'.split(' ');
const LAST = 'adler berg cruz dietz ek faber gray holt ito jung'.split(' ');
const ROLES = ['info', 'sales', 'support', 'office', 'billing', 'jobs', 'contact', 'hr'];

export interface EximList {
  domains: string[];
  catchAll: string;
  /** Existing mailboxes (Exim's lsearch file); postmaster is accepted by the ACL itself. */
  mailboxes: string[];
  truth: Map<string, Truth>;
  emails: string[];
}

/**
 * A deterministic list (the same rows every run; a small LCG, seed 48): `rows` addresses, 1 in 20 at
 * the catch-all domain, 1 in 10 role addresses (half of the roles exist at each domain, postmaster
 * always), the rest people, `unknownShare` of them unknown.
 */
export function makeList(o: { rows: number; domains: number; unknownShare: number }): EximList {
  let seed = 48;
  const rnd = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  const domains = Array.from({ length: o.domains }, (_, d) => `shop${d}.exim-bench.test`);
  const catchAll = 'all.exim-bench.test';
  const mailboxes: string[] = [];
  const truth = new Map<string, Truth>();
  for (const [d, domain] of domains.entries()) {
    for (const [i, f] of FIRST.entries()) {
      for (const [j, l] of LAST.entries()) {
        const a = `${f}.${l}@${domain}`;
        const exists = (i * 7 + j * 3 + d) % 2 === 0;
        if (exists) mailboxes.push(a);
        truth.set(a, exists ? 'exists' : 'unknown');
      }
    }
    for (const [i, r] of ROLES.entries()) {
      const a = `${r}@${domain}`;
      const exists = (i + d) % 2 === 0;
      if (exists) mailboxes.push(a);
      truth.set(a, exists ? 'role' : 'unknown');
    }
    truth.set(`postmaster@${domain}`, 'role');
  }
  const pool = (t: (a: string, x: Truth) => boolean) =>
    [...truth].filter(([a, x]) => t(a, x)).map(([a]) => a);
  const people = (known: boolean) =>
    pool((a, x) => a.includes('.') && a.indexOf('.') < a.indexOf('@') && (x === 'unknown') !== known);
  const [known, unknown] = [people(true), people(false)];
  const roles = pool((a) => !a.slice(0, a.indexOf('@')).includes('.'));
  const pick = (xs: string[]) => xs[Math.floor(rnd() * xs.length)];
  const rows = new Set<string>();
  const roleRows = Math.min(roles.length, Math.round(o.rows * 0.1));
  while (rows.size < roleRows) rows.add(pick(roles));
  const catchAllRows = Math.round(o.rows * 0.05);
  while (rows.size < o.rows - catchAllRows) rows.add(pick(rnd() < o.unknownShare ? unknown : known));
  for (let i = 0; rows.size < o.rows; i++) {
    const a = `${pick(FIRST)}.${pick(LAST)}${i}@${catchAll}`;
    rows.add(a);
    truth.set(a, 'catch_all');
  }
  const emails = [...rows].sort(() => rnd() - 0.5);
  return { domains, catchAll, mailboxes, truth, emails };
}

/** Our verdict right when it matches the truth (an existing role address is `risky / role`). */
export function right(t: Truth | undefined, r: { status: string; reason: string }) {
  if (t === 'exists') return r.status === 'valid';
  if (t === 'role') return r.reason === 'role';
  if (t === 'unknown') return r.status === 'invalid';
  return r.reason === 'catch_all';
}

/** What Exim's mainlog says about a run (bench/exim-daemon.ts logs a line per RCPT and STARTTLS). */
export function fromLog(log: string) {
  const lines = log.split('\n');
  const rcpt = lines.filter((l) => / RCPT \[127\./.test(l));
  const perMessage = rcpt.map((l) => Number(/message rcpt (\d+)/.exec(l)?.[1] ?? 0));
  return {
    sessions: lines.filter((l) => /SMTP connection from .*connection count/.test(l)).length,
    starttls: lines.filter((l) => / STARTTLS \[127\./.test(l)).length,
    rcpts: rcpt.length,
    mostRcptInMessage: Math.max(0, ...perMessage),
    badRcptHigh: lines.filter((l) => l.includes('bad recipient count high')).length,
    tooManyBad: lines.filter((l) => l.includes('Rejected for too many bad recipients')).length,
    unrouteable: lines.filter((l) => l.includes('Unrouteable address')).length,
  };
}
