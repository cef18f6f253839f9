// The polite ceiling: the fastest any client that keeps the per-server cap could finish a world, from
// the servers' own rules, so that a bench's figures can be judged against what is physically possible.
//
// It counts only the commands correct verification cannot avoid: one EHLO, MAIL FROM and QUIT per
// session, one RCPT per address, and a catch-all probe (a random address) only for a domain none of
// whose addresses was rejected (a rejection proves the domain is not catch-all). A probe on a domain
// that is not catch-all is itself a rejection. Sessions per server are as few as the server allows:
// at most RCPT-limit recipients each (servers count them per connection; RSET does not reset them)
// and, on an error-limited server (Postfix), at most its error budget of rejections each (the shared
// world counts the polite client's budget at every server: it cannot know which ones count errors).
// STARTTLS, when offered, is kept: two more commands and a handshake per session.
//
// Time per server, two reply models:
// - per round trip: a pipelined group is answered at once; a session costs its round trips (banner,
//   EHLO, then MAIL + every RCPT + QUIT in one write: 3 with PIPELINING) times the latency;
// - per command: the server spends commandMs on each command, one after another (a directory look-up,
//   a recipient callout), the banner too when the fake charges it: commands × commandMs ÷ cap, plus
//   the network's round trips.
// A tarpit (Exchange: a delay added to every 5xx, one after another) adds rejections × tarpit ÷ cap,
// which no client can save. The busiest server sets the end.
//
// No runtime import of the worlds here: the unit test imports this file, and the worlds patch node:net.
import type { SharedWorld } from './shared-world';

export type ReplyModel = 'round-trip' | 'per-command';

/** One server of a world, as the ceiling sees it. */
export interface ServerLoad {
  name: string;
  rows: number;
  /** Rows the server rejects (unknown addresses). */
  rejected: number;
  /** Domains none of whose addresses is rejected: each needs a catch-all probe. */
  probes: number;
  /** Of those, the domains that are not catch-all: their probe is a rejection too. */
  probesRejected: number;
  /** Connections per client (counted until the server has read the close). */
  cap: number;
  /** Recipients per session (Infinity: no limit). */
  rcptLimit: number;
  /** Rejections a session may make (Infinity: the server does not count them). */
  errorBudget: number;
  /** Network round trip, ms. */
  latencyMs: number;
  /** Server time per command, one after another, ms (0 under the per-round-trip model). */
  commandMs: number;
  /** The greeting costs commandMs too (the fakes charge it). */
  bannerCharged: boolean;
  /** Added to every 5xx reply, one after another, ms. */
  tarpitMs: number;
  pipelining: boolean;
  /** It offers STARTTLS, which a polite client keeps (VERIFICATION.md): STARTTLS and a second EHLO a session. */
  starttls?: boolean;
}

export interface ServerCeiling {
  name: string;
  rows: number;
  rcpts: number;
  rejections: number;
  sessions: number;
  /** EHLO + MAIL + QUIT per session, one RCPT per address and needed probe. */
  commands: number;
  /** The tarpit's share alone: rejections × tarpit ÷ cap. */
  tarpitFloorS: number;
  seconds: number;
}

/** The busiest server's time is the world's ceiling. */
export interface Ceiling {
  model: ReplyModel;
  rows: number;
  seconds: number;
  rowsPerS: number;
  /** Unavoidable commands over all servers, and per row. */
  commands: number;
  commandsPerRow: number;
  busiest: ServerCeiling;
  servers: ServerCeiling[];
}

/** Error budget of a server with Postfix-like limits: stay below the slow-down (soft − 1 rejections). */
export const errorBudgetOf = (limits?: { soft: number }) =>
  limits ? Math.max(1, limits.soft - 1) : Number.POSITIVE_INFINITY;

export function serverCeiling(s: ServerLoad): ServerCeiling {
  const rcpts = s.rows + s.probes;
  const rejections = s.rejected + s.probesRejected;
  const sessions =
    rcpts === 0 ? 0 : Math.max(Math.ceil(rcpts / s.rcptLimit), Math.ceil(rejections / s.errorBudget), 1);
  const commands = (s.starttls ? 5 : 3) * sessions + rcpts;
  // Round trips of one session: greeting, EHLO, then the pipelined rest (or MAIL, each RCPT, QUIT);
  // with TLS, STARTTLS, the handshake and the second EHLO.
  const perSessionRcpts = sessions === 0 ? 0 : Math.ceil(rcpts / sessions);
  const trips = (s.pipelining ? 3 : 2 + 1 + perSessionRcpts + 1) + (s.starttls ? 3 : 0);
  const serverMs = (commands + (s.bannerCharged ? sessions : 0)) * s.commandMs + rejections * s.tarpitMs;
  const networkMs = Math.ceil(sessions / s.cap) * trips * s.latencyMs;
  const tarpitFloorS = (rejections * s.tarpitMs) / s.cap / 1000;
  return {
    name: s.name,
    rows: s.rows,
    rcpts,
    rejections,
    sessions,
    commands,
    tarpitFloorS,
    seconds: (serverMs / s.cap + networkMs) / 1000,
  };
}

export function ceilingOfLoads(loads: ServerLoad[], model: ReplyModel): Ceiling {
  const servers = loads.map(serverCeiling);
  const busiest = servers.reduce((a, b) => (b.seconds > a.seconds ? b : a));
  const rows = servers.reduce((n, s) => n + s.rows, 0);
  const commands = servers.reduce((n, s) => n + s.commands, 0);
  return {
    model,
    rows,
    seconds: busiest.seconds,
    rowsPerS: busiest.seconds > 0 ? rows / busiest.seconds : Number.POSITIVE_INFINITY,
    commands,
    commandsPerRow: commands / rows,
    busiest,
    servers,
  };
}

/**
 * The shared world's ceiling for `emails` (default: all its rows), under `model` (default: the one
 * its servers run).
 */
export function ceilingOf(
  world: SharedWorld,
  emails: string[] = world.emails,
  model: ReplyModel = world.spec.model,
): Ceiling {
  const times = world.spec.timesOf(model);
  type Acc = {
    rows: number;
    rejected: number;
    domains: Map<string, { rejected: boolean; catchAll: boolean }>;
  };
  const perServer = new Map<string, Acc>();
  for (const email of emails) {
    const domain = email.slice(email.indexOf('@') + 1);
    const ip = world.ipOf.get(`mx.${domain}`) ?? '?';
    let s = perServer.get(ip);
    if (!s) {
      s = { rows: 0, rejected: 0, domains: new Map() };
      perServer.set(ip, s);
    }
    const truth = world.truth.get(email);
    s.rows++;
    const d = s.domains.get(domain) ?? { rejected: false, catchAll: truth === 'catch_all' };
    if (truth === 'unknown') {
      s.rejected++;
      d.rejected = true;
    }
    s.domains.set(domain, d);
  }
  const loads: ServerLoad[] = [...perServer].map(([ip, s]) => {
    const needProbe = [...s.domains.values()].filter((d) => !d.rejected);
    return {
      name: ip,
      rows: s.rows,
      rejected: s.rejected,
      probes: needProbe.length,
      probesRejected: needProbe.filter((d) => !d.catchAll).length,
      cap: world.spec.cap,
      rcptLimit: world.spec.rcptLimit,
      errorBudget: world.spec.errorBudget ?? errorBudgetOf(world.spec.errorLimits),
      latencyMs: times.latencyMs,
      commandMs: times.commandMs,
      bannerCharged: true,
      tarpitMs: 0,
      pipelining: true,
      starttls: world.spec.starttls === true,
    };
  });
  return ceilingOfLoads(loads, model);
}

export function describeCeiling(c: Ceiling): string {
  const b = c.busiest;
  return [
    `polite ceiling (${c.model} model): ${c.seconds.toFixed(1)} s for ${c.rows} rows = ${Math.round(c.rowsPerS)} rows/s; ${c.commands} unavoidable commands (${c.commandsPerRow.toFixed(2)} per row)`,
    `  the busiest server sets the end: ${b.name}, ${b.rows} rows, ${b.rcpts} RCPT (probes included), ${b.rejections} rejections, ${b.sessions} sessions, ${b.commands} commands: ${b.seconds.toFixed(1)} s`,
  ].join('\n');
}

/** Our share of the ceiling: the ceiling's time over ours (1 = as fast as a polite client can be). */
export const shareOf = (c: Ceiling, seconds: number) => `${Math.round((100 * c.seconds) / seconds)} %`;
