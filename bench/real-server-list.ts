// The list the real-server benches (bench/real-exim.ts, bench/real-haraka.ts) verify, and its truth.

export type Truth = 'exists' | 'role' | 'unknown' | 'catch_all';

const FIRST =
  'anna ben carla dan eva finn gina hugo iris jon kate leo mia nils olga paul rosa sam tina uwe'.split(' ');
const LAST = 'adler berg cruz dietz ek faber gray holt ito jung'.split(' ');
const ROLES = ['info', 'sales', 'support', 'office', 'billing', 'jobs', 'contact', 'hr'];

export interface ServerList {
  domains: string[];
  catchAll: string;
  /** Existing mailboxes (postmaster@ of each domain is not listed: the server accepts it itself). */
  mailboxes: string[];
  truth: Map<string, Truth>;
  emails: string[];
}

/**
 * A deterministic list (the same rows every run; a small LCG, seed 48): `rows` addresses, 1 in 20 at
 * the catch-all domain, 1 in 10 role addresses (half of the roles exist at each domain, postmaster
 * always), the rest people, `unknownShare` of them unknown.
 */
export function makeList(o: {
  rows: number;
  domains: number;
  unknownShare: number;
  /** The zone every domain is under, e.g. exim-bench.test. */
  zone: string;
}): ServerList {
  let seed = 48;
  const rnd = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  const domains = Array.from({ length: o.domains }, (_, d) => `shop${d}.${o.zone}`);
  const catchAll = `all.${o.zone}`;
  const mailboxes: string[] = [];
  const truth = new Map<string, Truth>();
  for (const [d, domain] of domains.entries()) {
    // Enough people for the rows: the name grid, then again with a number (anna.adler2…).
    const copies = Math.ceil(o.rows / (o.domains * FIRST.length * LAST.length)) + 1;
    for (let k = 0; k < copies; k++) {
      for (const [i, f] of FIRST.entries()) {
        for (const [j, l] of LAST.entries()) {
          const a = `${f}.${l}${k || ''}@${domain}`;
          const exists = (i * 7 + j * 3 + d + k) % 2 === 0;
          if (exists) mailboxes.push(a);
          truth.set(a, exists ? 'exists' : 'unknown');
        }
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
