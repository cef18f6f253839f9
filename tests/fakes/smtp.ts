import net from 'node:net';
import tls from 'node:tls';
import { EXIM_BAD_RCPT, eximDenies, KARMA_DENY, POSTGREY_DEFAULT_S, postgreyReply } from './smtp-rules';
import { TEST_TLS_CERT, TEST_TLS_KEY } from './smtp-tls';

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
  /** A counter shared by several fakes, to see the prober's global number of connections. */
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

const GMAIL_RATE =
  '450 4.2.1 The user you are trying to contact is receiving mail at a rate that prevents additional messages from being delivered. Please resend your message at a later time.';

const GMAIL_UNKNOWN =
  '550-5.1.1 The email account that you tried to reach does not exist. Please try\r\n' +
  "550-5.1.1 double-checking the recipient's email address for typos or\r\n" +
  '550 5.1.1 unnecessary spaces. https://support.google.com/mail/?p=NoSuchUser';

export async function startFakeSmtp(o: FakeSmtpOptions): Promise<FakeSmtp> {
  if (!o.host.startsWith('127.')) throw new Error('fakes bind loopback only');
  const stats: FakeSmtpStats = {
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
  const mailboxes = new Set((o.mailboxes ?? []).map((m) => m.toLowerCase()));
  const greylist = new Map<string, number>(); // triplet → first seen
  const rcptTimes: number[] = []; // for the rate limit
  const sockets = new Set<net.Socket>();
  const secureContext = tls.createSecureContext({ key: TEST_TLS_KEY, cert: TEST_TLS_CERT });

  const server = net.createServer((socket) => {
    sockets.add(socket);
    stats.connections++;
    stats.current++;
    stats.maxConcurrent = Math.max(stats.maxConcurrent, stats.current);
    if (o.shared) {
      o.shared.current++;
      o.shared.maxConcurrent = Math.max(o.shared.maxConcurrent, o.shared.current);
    }
    const connNo = stats.connections;
    // A session is over for the server when it has said goodbye (221 or 421) or the socket closed,
    // whichever comes first: a client that waits for the goodbye is done with the host.
    let open = true;
    const over = () => {
      if (!open) return;
      open = false;
      stats.current--;
      if (o.shared) o.shared.current--;
    };
    socket.once('close', () => {
      over();
      sockets.delete(socket);
    });
    socket.on('error', () => {});
    if (o.maxConnections !== undefined && stats.current > o.maxConnections) {
      stats.rejected421++;
      over();
      socket.end('421 4.7.0 Too many concurrent connections from your host, try again later\r\n');
      return;
    }
    new FakeSession(socket, o, stats, {
      mailboxes,
      greylist,
      rcptTimes,
      connNo,
      over,
      secureContext,
    }).start();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(o.port ?? 0, o.host, () => resolve());
  });
  const port = (server.address() as net.AddressInfo).port;
  return {
    host: o.host,
    port,
    stats,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

interface Shared {
  mailboxes: Set<string>;
  greylist: Map<string, number>;
  rcptTimes: number[];
  connNo: number;
  over: () => void;
  /** One TLS context per server: its session tickets let a client resume, as with a real MTA's OpenSSL. */
  secureContext: tls.SecureContext;
}

class FakeSession {
  private buffer = '';
  private sendAt = 0;
  /** When the server is done with the commands read so far (commandMs, rejectDelayMs, error sleep). */
  private busyUntil = 0;
  private errors = 0;
  private junk = 0;
  /** RCPTs of the open message and how many were accepted (Exim's $rcpt_count, $recipients_count). */
  private msgRcpts = 0;
  private msgAccepted = 0;
  private karma = 0;
  private lastVerb = '';
  private rcptDomain = '';
  private readonly session: number;
  private pending = 0;
  private readonly outbox: { at: number; text: string; then?: () => void }[] = [];
  private from = '';
  private rcptCount = 0;
  private tls = false;
  private upgrading = false;
  /** Said 421: ignores the rest, then closes. */
  private closing = false;
  private dataLines: string[] | null = null;
  private recipients: string[] = [];
  private auth: string | null = null;

  constructor(
    private socket: net.Socket,
    private readonly o: FakeSmtpOptions,
    private readonly stats: FakeSmtpStats,
    private readonly shared: Shared,
  ) {
    this.session = stats.sessionErrors.push(0) - 1;
    stats.karmaScores.push(0);
    stats.sessionRcpts.push({ rcpts: 0, accepted: 0 });
  }

  start(): void {
    if (this.o.silent) return;
    const slow = this.shared.connNo <= (this.o.slowConnections ?? Infinity);
    const delay = slow ? (this.o.bannerDelayMs ?? 0) : 0;
    this.sendAt = Date.now() + delay;
    const refuse = this.shared.connNo <= (this.o.bannerReplyConnections ?? Infinity);
    const banner = refuse ? this.o.bannerReply : undefined;
    this.reply(banner ?? '220 mx.fake.test ESMTP ready');
    if (banner && !banner.startsWith('2')) {
      setTimeout(() => this.socket.end(), delay + 5);
      return;
    }
    this.listen();
  }

  private listen(): void {
    this.socket.on('data', (chunk: Buffer) => {
      if (this.upgrading || this.closing) return;
      this.buffer += chunk.toString('latin1');
      let nl = this.buffer.indexOf('\n');
      while (nl >= 0 && !this.upgrading && !this.closing && !this.socket.destroyed) {
        const line = this.buffer.slice(0, nl).replace(/\r$/, '');
        this.buffer = this.buffer.slice(nl + 1);
        this.command(line);
        nl = this.buffer.indexOf('\n');
      }
    });
  }

  /**
   * Sends a reply after the configured latency, never before an earlier one. Replies wait in one
   * FIFO drained by a single timer: separate timers with equal deadlines may fire in either order
   * under load, which once let a RCPT reply overtake the MAIL FROM reply before it.
   */
  private reply(text: string, then?: () => void): void {
    const o = this.o;
    const limits = o.errorLimits;
    let work = o.commandMs ?? 0;
    if (text.startsWith('5')) work += o.rejectDelayMs ?? 0;
    if (limits && this.errors >= limits.soft) work += limits.sleepMs;
    if (o.karma && this.karma < 0) work += o.karma.tarpitMs;
    if (this.lastVerb === 'RCPT') {
      const mine = this.stats.sessionRcpts[this.session];
      mine.rcpts++;
      if (text.startsWith('2')) {
        this.msgAccepted++;
        mine.accepted++;
      } else if (text.startsWith('5') && o.karma) {
        this.karma--;
        this.stats.karmaScores[this.session] = Math.min(this.stats.karmaScores[this.session], this.karma);
      }
    }
    this.busyUntil = Math.max(Date.now(), this.busyUntil) + work;
    if ((text.startsWith('4') || text.startsWith('5')) && this.lastVerb !== '') this.error();
    const at = Math.max(this.busyUntil + (o.latencyMs ?? 0), this.sendAt);
    this.sendAt = at;
    this.pending++;
    this.outbox.push({ at, text, then });
    if (this.outbox.length === 1) this.drain();
    // Postfix checks the hard limit before reading the next command: the 421 follows the reply at once.
    if (limits && this.errors >= limits.hard && !this.closing) {
      this.stats.errorLimitLog.push(`too many errors after ${this.lastVerb} from 127.0.0.1`);
      this.lastVerb = '';
      this.closeWith('421 4.7.0 mx.fake.test Error: too many errors');
    }
  }

  private drain(): void {
    const next = this.outbox[0];
    if (!next) return;
    setTimeout(
      () => {
        // Every reply that is due goes out now, in order (pipelined commands' replies in one write,
        // as a real server's do, not one timer tick each).
        // One write for all of them: separate small writes would each wait for the client's ACK of
        // the previous one (Nagle's algorithm against delayed ACKs: ~40 ms per pipelined group).
        const now = Date.now();
        const due: { text: string; then?: () => void }[] = [];
        while (this.outbox.length > 0 && this.outbox[0].at <= now) {
          due.push(this.outbox.shift()!);
          this.pending--;
        }
        if (!this.socket.destroyed) this.socket.write(due.map((d) => `${d.text}\r\n`).join(''));
        for (const d of due) d.then?.();
        this.drain();
      },
      Math.max(0, next.at - Date.now()),
    );
  }

  /** One more error of the session (counted as its reply is queued, before the next command is read). */
  private error(): void {
    this.errors++;
    this.stats.sessionErrors[this.session] = this.errors;
    const soft = this.o.errorLimits?.soft;
    if (soft !== undefined && this.errors === soft) this.stats.slowedSessions++;
  }

  private command(line: string) {
    if (this.dataLines) return this.dataLine(line);
    this.stats.commands.push(line);
    if (this.pending > 0) {
      this.stats.pipelined++;
      if (this.o.pipelining === false) this.stats.pipeliningViolations++;
    }
    const verb = line.split(/[\s:]/)[0].toUpperCase();
    const limits = this.o.errorLimits;
    this.lastVerb = verb;
    if (limits && (verb === 'RSET' || verb === 'NOOP') && ++this.junk > (limits.junk ?? 100)) this.error();
    switch (verb) {
      case 'EHLO': {
        const ext = ['250-mx.fake.test', '250-SIZE 35882577', '250-8BITMIME'];
        if (this.o.pipelining !== false) ext.push('250-PIPELINING');
        if (this.o.starttls && !this.o.hideStarttls && !this.tls) ext.push('250-STARTTLS');
        ext.push('250 ENHANCEDSTATUSCODES');
        const every = this.o.closeAfterEhloEvery;
        if (every && this.shared.connNo % every === 0) {
          return this.reply(ext.join('\r\n'), () => this.socket.destroy());
        }
        return this.reply(ext.join('\r\n'));
      }
      case 'HELO':
        return this.reply('250 mx.fake.test');
      case 'STARTTLS':
        if (!this.o.starttls || this.tls) return this.reply('502 5.5.1 Not supported');
        this.upgrading = true;
        return this.reply('220 2.0.0 Ready to start TLS', () => this.upgrade());
      case 'MAIL':
        if (this.o.tlsRequired === true && !this.tls)
          return this.reply('530 5.7.0 Must issue a STARTTLS command first');
        this.from = line.slice(line.indexOf(':') + 1).trim();
        this.rcptDomain = '';
        this.msgRcpts = 0;
        this.msgAccepted = 0;
        return this.reply(this.o.mailFromReply ?? '250 2.1.0 OK');
      case 'RCPT':
        return this.rcpt(line);
      case 'RSET':
        this.from = '';
        this.rcptDomain = '';
        this.msgRcpts = 0;
        this.msgAccepted = 0;
        return this.reply('250 2.0.0 OK');
      case 'NOOP':
        return this.reply('250 2.0.0 OK');
      case 'AUTH':
        if (!this.o.acceptData) return this.reply('502 5.5.1 Not supported');
        this.auth = Buffer.from(line.split(' ')[2] ?? '', 'base64').toString('utf8');
        return this.reply('235 2.7.0 Authentication successful');
      case 'DATA':
        this.stats.data++;
        if (!this.o.acceptData) return this.reply('554 5.5.1 No DATA in this test');
        if (!this.recipients.length) return this.reply('503 5.5.1 RCPT first');
        this.dataLines = [];
        return this.reply('354 End data with <CR><LF>.<CR><LF>');
      case 'QUIT':
        return this.reply('221 2.0.0 Bye', () => {
          if (this.o.holdUntilClientCloses) {
            // Still counted until the client's FIN is read; then the socket closes itself.
            this.socket.once('end', () => this.shared.over());
            return;
          }
          this.shared.over();
          this.socket.end();
        });
      default:
        return this.reply('500 5.5.2 Unrecognized command');
    }
  }

  private dataLine(line: string) {
    if (line !== '.') {
      this.dataLines?.push(line.startsWith('..') ? line.slice(1) : line);
      return;
    }
    const text = (this.dataLines ?? []).join('\r\n');
    this.dataLines = null;
    this.stats.messages.push({ from: this.from, to: this.recipients, auth: this.auth, text });
    this.recipients = [];
    this.reply('250 2.0.0 OK queued');
  }

  private rcpt(line: string) {
    const address = line
      .replace(/^RCPT TO:\s*<?/i, '')
      .replace(/>.*$/, '')
      .toLowerCase();
    this.stats.rcpts.push(address);
    this.rcptCount++;
    const o = this.o;
    if (
      o.dropAtRcpt &&
      this.rcptCount === o.dropAtRcpt &&
      this.shared.connNo <= (o.dropConnections ?? Infinity)
    ) {
      this.socket.destroy();
      return;
    }
    if (!this.from) return this.reply('503 5.5.1 MAIL first');
    this.msgRcpts++;
    const free = typeof o.eximBadRcpt === 'object' ? o.eximBadRcpt.after : 10;
    if (o.eximBadRcpt && eximDenies(this.msgRcpts, this.msgAccepted, free)) {
      this.stats.eximRejects.push('REJECT [127.0.0.1]: bad recipient count high');
      return this.reply(EXIM_BAD_RCPT);
    }
    if (o.karma?.denyAt !== undefined && this.karma <= o.karma.denyAt)
      return this.reply(KARMA_DENY(this.karma));
    if (o.tlsRequired === 'rcpt' && !this.tls) {
      return this.reply('530 5.7.0 Must issue a STARTTLS command first');
    }
    if (o.maxRcptPerSession !== undefined && this.rcptCount > o.maxRcptPerSession) {
      return this.reply(o.maxRcptReply ?? '452 4.5.3 Too many recipients');
    }
    const domain = address.slice(address.lastIndexOf('@') + 1);
    if (o.singleDomainPerTransaction && this.rcptDomain !== '' && domain !== this.rcptDomain) {
      return this.reply(
        '452 4.5.0 Multiple destination domains per transaction is unsupported. Please try again.',
      );
    }
    this.rcptDomain ||= domain;
    if (o.rateLimit) {
      const now = Date.now();
      const times = this.shared.rcptTimes;
      while (times.length > 0 && times[0] <= now - o.rateLimit.windowMs) times.shift();
      if (times.length >= o.rateLimit.rcpts) {
        this.stats.rateLimited++;
        const reply = o.rateLimit.reply ?? GMAIL_RATE;
        // 421: the server closes the session (RFC 5321 §3.8) and reads nothing more from it.
        if (reply.startsWith('421')) return this.closeWith(reply);
        return this.reply(reply);
      }
      times.push(now);
    }
    if (o.greylistS !== undefined || o.greylistForever || o.postgrey) {
      const key = `${this.from} ${address}`;
      const first = this.shared.greylist.get(key);
      const now = Date.now();
      const delayS = o.greylistS ?? (o.postgrey ? POSTGREY_DEFAULT_S : 0);
      if (first === undefined) this.shared.greylist.set(key, now);
      if (o.greylistForever || first === undefined || now - first < delayS * 1000) {
        if (o.postgrey) return this.reply(postgreyReply(address));
        return this.reply(`451 4.7.1 Greylisted, please try again in ${o.greylistS ?? 300} seconds`);
      }
    }
    if (o.rcptReply) return this.reply(o.rcptReply);
    const fixed = o.replies?.[address];
    if (fixed) return this.reply(fixed);
    if (o.catchAll || this.shared.mailboxes.has(address)) {
      this.recipients.push(address);
      return this.reply('250 2.1.5 OK');
    }
    this.reply(o.unknownReply ?? GMAIL_UNKNOWN);
  }

  private closeWith(reply: string): void {
    this.closing = true;
    this.reply(reply, () => {
      this.shared.over();
      this.socket.end();
    });
  }

  private upgrade(): void {
    this.socket.removeAllListeners('data');
    const secure = new tls.TLSSocket(this.socket, {
      isServer: true,
      secureContext: this.shared.secureContext,
    });
    secure.on('error', () => {});
    secure.once('secure', () => {
      this.stats.tlsSessions++;
      if (secure.isSessionReused()) this.stats.tlsResumed++;
    });
    this.socket = secure;
    this.tls = true;
    this.buffer = '';
    this.upgrading = false;
    this.listen();
  }
}
