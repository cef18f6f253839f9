import type net from 'node:net';
import tls from 'node:tls';
import { command } from './commands';
import type { FakeSmtpOptions, FakeSmtpStats } from './options';
import type { Shared } from './server';

/**
 * One connection to the fake: its state, and how it talks (replies in order after their delays,
 * STARTTLS, goodbyes). What it answers to each command is commands.ts; to each RCPT, recipient.ts.
 */
export class FakeSession {
  buffer = '';
  sendAt = 0;
  /** When the server is done with the commands read so far (commandMs, rejectDelayMs, error sleep). */
  busyUntil = 0;
  errors = 0;
  junk = 0;
  /** RCPTs of the open message and how many were accepted (Exim's $rcpt_count, $recipients_count). */
  msgRcpts = 0;
  msgAccepted = 0;
  karma = 0;
  lastVerb = '';
  rcptDomain = '';
  readonly session: number;
  pending = 0;
  readonly outbox: { at: number; text: string; then?: () => void }[] = [];
  from = '';
  rcptCount = 0;
  tls = false;
  upgrading = false;
  /** Said 421: ignores the rest, then closes. */
  closing = false;
  dataLines: string[] | null = null;
  recipients: string[] = [];
  auth: string | null = null;

  constructor(
    public socket: net.Socket,
    readonly o: FakeSmtpOptions,
    readonly stats: FakeSmtpStats,
    readonly shared: Shared,
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

  listen(): void {
    this.socket.on('data', (chunk: Buffer) => {
      if (this.upgrading || this.closing) return;
      this.buffer += chunk.toString('latin1');
      let nl = this.buffer.indexOf('\n');
      while (nl >= 0 && !this.upgrading && !this.closing && !this.socket.destroyed) {
        const line = this.buffer.slice(0, nl).replace(/\r$/, '');
        this.buffer = this.buffer.slice(nl + 1);
        command(this, line);
        nl = this.buffer.indexOf('\n');
      }
    });
  }

  /**
   * Sends a reply after the configured latency, never before an earlier one. Replies wait in one
   * FIFO drained by a single timer: separate timers with equal deadlines may fire in either order
   * under load, which once let a RCPT reply overtake the MAIL FROM reply before it.
   */
  reply(text: string, then?: () => void): void {
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

  drain(): void {
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
  error(): void {
    this.errors++;
    this.stats.sessionErrors[this.session] = this.errors;
    const soft = this.o.errorLimits?.soft;
    if (soft !== undefined && this.errors === soft) this.stats.slowedSessions++;
  }

  closeWith(reply: string): void {
    this.closing = true;
    this.reply(reply, () => {
      this.shared.over();
      this.socket.end();
    });
  }

  upgrade(): void {
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
