// What a fake mail exchanger can be asked to do (options), what it counts (stats), and its handle.

/**
 * A fake mail exchanger speaking real SMTP on loopback, with the behaviours step 2 must cope with.
 * Raw node:net rather than smtp-server, for precise control of timing, pipelining and failures.
 */
export interface FakeSmtpOptions {
  /** A 127.x.y.z address: fakes bind loopback only. Distinct addresses make distinct "hosts". */
  host: string;
  /** 0 (default) picks a free port; several fakes may share one port on different addresses. */
  port?: number;
  /** Addresses that exist (lower-case); others are rejected as unknown unless `catchAll`. */
  mailboxes?: string[];
  catchAll?: boolean;
  /** Fixed replies for some recipients, e.g. { 'full@x.test': '552 5.2.2 Mailbox full' }. */
  replies?: Record<string, string>;
  /** Reply to every RCPT (a policy block on the whole host, say). */
  rcptReply?: string;
  /** Reply to unknown users; default is Gmail's multi-line 550 5.1.1. */
  unknownReply?: string;
  bannerReply?: string;
  /** Give `bannerReply` to the first N connections only (a transient refusal); default all. */
  bannerReplyConnections?: number;
  mailFromReply?: string;
  bannerDelayMs?: number;
  /** Apply `bannerDelayMs` to the first N connections only (a transient stall); default all. */
  slowConnections?: number;
  /** Added to every reply, like a network round trip; replies keep their order. */
  latencyMs?: number;
  /**
   * Server time spent on each command, one command after another (a directory look-up, a recipient
   * callout): a pipelined group of N commands is answered over N × commandMs, not at once.
   */
  commandMs?: number;
  /** Added to every 5xx reply, one after another (Exchange's TarpitInterval for anonymous senders). */
  rejectDelayMs?: number;
  /**
   * Postfix's error limits: every 4xx/5xx reply is an error of the session (RSET and NOOP too, past
   * `junk` of them); once a session has made `soft` errors every reply is delayed by `sleepMs`
   * (smtpd_error_sleep_time), and at `hard` errors the next command gets 421 and the session ends,
   * logged as "too many errors after <command>" (what fail2ban jails ban an IP for).
   */
  errorLimits?: { soft: number; hard: number; sleepMs: number; junk?: number };
  /** A recipient of a second domain in one transaction: 452 4.5.0 (Microsoft 365's reply). */
  singleDomainPerTransaction?: boolean;
  pipelining?: boolean;
  starttls?: boolean;
  /** STARTTLS works but EHLO does not list it (a misconfigured server that still requires it). */
  hideStarttls?: boolean;
  /**
   * Before TLS, MAIL FROM (`true`) or each RCPT TO (`'rcpt'`) gets `530 5.7.0 Must issue a STARTTLS
   * command first`.
   */
  tlsRequired?: boolean | 'rcpt';
  /** Beyond this many simultaneous connections: 421 and close. */
  maxConnections?: number;
  /**
   * Count a connection until the client's close has been read (as a real server does), not from the
   * moment it said 221: a client that reconnects the instant it has the 221 may meet a 421.
   */
  holdUntilClientCloses?: boolean;
  /**
   * Past `rcpts` RCPTs within `windowMs` (all clients: loopback is one client): `reply`, by default
   * Gmail's 450 4.2.1 "receiving mail at a rate". A 421 reply closes the connection after it.
   */
  rateLimit?: { rcpts: number; windowMs: number; reply?: string };
  /** Beyond this many RCPTs in one connection: `maxRcptReply`. */
  maxRcptPerSession?: number;
  /** Past `maxRcptPerSession` (default 452 4.5.3 Too many recipients; Haraka's limit: 450 Too many recipient attempts). */
  maxRcptReply?: string;
  /** Greylisting: the first RCPT of each (sender, recipient) gets 451 4.7.1 "try again in N seconds". */
  greylistS?: number;
  /**
   * postgrey behind Postfix: greylisting for `greylistS` (postgrey's default, 300 s when unset), answered
   * in postgrey's words, which name no delay: "450 4.2.0 <rcpt>: Recipient address rejected: Greylisted".
   */
  postgrey?: boolean;
  /**
   * Exim's bad-recipient ACL (Debian, cPanel): past 10 RCPTs of a message, every RCPT is denied with
   * "550 Rejected for too many bad recipients" while fewer than half were accepted (logged in
   * `stats.eximRejects`, as Exim logs "REJECT [ip]: bad recipient count high").
   */
  eximBadRcpt?: boolean | { after: number };
  /**
   * Haraka's karma: every rejected RCPT costs the connection a point; below 0 each reply is held
   * `tarpitMs` (karma's tarpit), and at `denyAt` (if set) every RCPT gets "550 very bad karma score".
   */
  karma?: { tarpitMs: number; denyAt?: number };
  /** Greylist forever (never clears). */
  greylistForever?: boolean;
  /** Drop the connection (no reply) on the Nth RCPT of a connection, for the first `dropConnections` connections. */
  dropAtRcpt?: number;
  dropConnections?: number;
  /** Close every Nth connection right after answering EHLO (2: half of them), like a flaky host. */
  closeAfterEhloEvery?: number;
  /** Accept connections and never say anything (a black hole behind a firewall). */
  silent?: boolean;
  /** A mail relay: accept AUTH and DATA, keeping each message (envelope and text) in `stats.messages`. */
  acceptData?: boolean;
  /** A counter shared by several fakes, to see the engine's global number of connections. */
  shared?: { current: number; maxConcurrent: number };
}

export interface FakeSmtpStats {
  connections: number;
  current: number;
  maxConcurrent: number;
  rcpts: string[];
  commands: string[];
  tlsSessions: number;
  /** Of those, handshakes that resumed an earlier TLS session (no key exchange). */
  tlsResumed: number;
  /** Commands received while an earlier reply was still pending (pipelined). */
  pipelined: number;
  /** Pipelined commands received although PIPELINING was not offered. */
  pipeliningViolations: number;
  rejected421: number;
  /** RCPTs answered 450 4.2.1 by the rate limit. */
  rateLimited: number;
  data: number;
  /** Messages received when `acceptData` is set. */
  messages: { from: string; to: string[]; auth: string | null; text: string }[];
  /** Errors (4xx/5xx replies) each finished or running session made, in connection order. */
  sessionErrors: number[];
  /** Sessions whose replies were slowed by `errorLimits.soft`. */
  slowedSessions: number;
  /** Postfix's log line for each session cut at `errorLimits.hard`. */
  errorLimitLog: string[];
  /** Exim's log line for each RCPT denied by its bad-recipient rule (`eximBadRcpt`). */
  eximRejects: string[];
  /** The lowest karma score each session reached (`karma`), in connection order. */
  karmaScores: number[];
  /** RCPTs each session sent, and how many were accepted, in connection order. */
  sessionRcpts: Array<{ rcpts: number; accepted: number }>;
}

export interface FakeSmtp {
  host: string;
  port: number;
  stats: FakeSmtpStats;
  close(): Promise<void>;
}

/** Counters at zero, for a new server. */
export function newStats(): FakeSmtpStats {
  return {
    connections: 0,
    current: 0,
    maxConcurrent: 0,
    rcpts: [],
    commands: [],
    tlsSessions: 0,
    tlsResumed: 0,
    pipelined: 0,
    pipeliningViolations: 0,
    rejected421: 0,
    rateLimited: 0,
    data: 0,
    messages: [],
    sessionErrors: [],
    slowedSessions: 0,
    errorLimitLog: [],
    eximRejects: [],
    karmaScores: [],
    sessionRcpts: [],
  };
}
