// The fastest a polite client can finish the shared world (bench/shared-world.ts): what the servers'
// own rules allow, so a bench's figures can be judged against what is physically possible.
//
// A polite client holds at most CAP connections per server, counted until the server has read its
// close, so each connection slot runs one session after another. A session costs its round trips
// (greeting, EHLO, then with PIPELINING one write of MAIL FROM, every RCPT and QUIT: 3; without it,
// MAIL, each RCPT and QUIT one after the other) times the reply latency, and carries at most
// RCPT_LIMIT recipients (the servers count them per connection, RSET does not reset them). Catch-all
// detection costs one RCPT per domain (a random address) unless a real address of the domain was
// already rejected, which proves the domain is not catch-all.
import { CAP, LATENCY_MS, RCPT_LIMIT, SERVERS, type SharedWorld } from './shared-world';

export interface Ceiling {
  /** Round trips per full session. */
  roundTrips: number;
  /** Recipients per second over all servers, every slot busy: cap × servers × RCPTs ÷ (trips × latency). */
  rcptPerS: number;
  /** RCPTs per row when every domain is probed, and the rows/s of an evenly spread world. */
  rcptPerRow: number;
  evenRowsPerS: number;
  /** This world: the busiest server sets the end (probe for every domain / only where needed). */
  worldRowsPerS: number;
  worldRowsPerSFewestProbes: number;
  busiest: string;
}

export function ceilingOf(world: SharedWorld, pipelining = true): Ceiling {
  const roundTrips = pipelining ? 3 : 2 + 1 + RCPT_LIMIT + 1;
  const sessionS = (roundTrips * LATENCY_MS) / 1000;
  const rcptPerS = (CAP * SERVERS * RCPT_LIMIT) / sessionS;
  const perServer = new Map<string, { rows: number; domains: Set<string>; needProbe: Set<string> }>();
  const rejected = new Set<string>();
  for (const email of world.emails) {
    if (world.truth.get(email) === 'unknown') rejected.add(email.slice(email.indexOf('@') + 1));
  }
  for (const email of world.emails) {
    const domain = email.slice(email.indexOf('@') + 1);
    const ip = world.ipOf.get(`mx.${domain}`) ?? '?';
    let s = perServer.get(ip);
    if (!s) {
      s = { rows: 0, domains: new Set(), needProbe: new Set() };
      perServer.set(ip, s);
    }
    s.rows++;
    s.domains.add(domain);
    if (!rejected.has(domain)) s.needProbe.add(domain);
  }
  // One server's time: its sessions shared by CAP slots, each session a full one (the last may be short).
  const timeOf = (rcpts: number) => Math.ceil(rcpts / RCPT_LIMIT / CAP) * sessionS;
  let worst = 0;
  let worstFewest = 0;
  let busiest = '';
  let domains = 0;
  for (const [ip, s] of perServer) {
    domains += s.domains.size;
    const t = timeOf(s.rows + s.domains.size);
    if (t > worst) {
      worst = t;
      busiest = `${ip}: ${s.rows} rows + ${s.domains.size} probes`;
    }
    worstFewest = Math.max(worstFewest, timeOf(s.rows + s.needProbe.size));
  }
  const rows = world.emails.length;
  const rcptPerRow = (rows + domains) / rows;
  return {
    roundTrips,
    rcptPerS: Math.round(rcptPerS),
    rcptPerRow: Number(rcptPerRow.toFixed(2)),
    evenRowsPerS: Math.round(rcptPerS / rcptPerRow),
    worldRowsPerS: Math.round(rows / worst),
    worldRowsPerSFewestProbes: Math.round(rows / worstFewest),
    busiest,
  };
}

export function describeCeiling(c: Ceiling): string {
  return [
    `ceiling for a polite client (cap ${CAP} × ${SERVERS} servers × ${RCPT_LIMIT} RCPT per session ÷ (${c.roundTrips} round trips × ${LATENCY_MS} ms)): ${c.rcptPerS} RCPT/s`,
    `  = ${c.evenRowsPerS} rows/s if rows were spread evenly (${c.rcptPerRow} RCPT per row with a catch-all probe per domain)`,
    `  this world's busiest server (${c.busiest}) sets the end: ${c.worldRowsPerS} rows/s probing every domain, ${c.worldRowsPerSFewestProbes} rows/s probing only domains with no rejected address`,
  ].join('\n');
}
