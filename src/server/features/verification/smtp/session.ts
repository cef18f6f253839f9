import { briefly, SmtpConnection } from './connection';
import { describe, ehloKeywords, type SmtpReply } from './replies';
import { type ConnectOptions, SmtpConnectionError, SmtpRefusedError, SmtpSilentError } from './socket';

class ClosingError extends Error {}
/** The error of groups a closing server (421) never answered: not sent, so not an attempt. */
export const SESSION_CLOSED = new SmtpConnectionError('the server closed the session (421)', 'read');

export interface SessionOptions extends ConnectOptions {
  exchange: string;
  heloName: string;
  mailFrom: string;
  /**
   * Upgrade with STARTTLS when the server offers it (`true`), or whether it offers it or not (`'always'`:
   * it answered 530 "Must issue a STARTTLS command first" to a session in plain text).
   */
  starttls: boolean | 'always';
}

export interface TransactionResult {
  /** The MAIL FROM reply of the transaction these recipients rode in (an earlier one's when continued). */
  mail: SmtpReply | null;
  /** One reply per recipient, in order; shorter than asked when the session ended early. */
  rcpts: SmtpReply[];
  /** When each reply in `rcpts` arrived (ms since the epoch): a server's slow-down shows there. */
  rcptAt: number[];
  /** When the write carrying these recipients went out. */
  writtenAt: number;
  /** Set when the connection failed or timed out part-way. */
  error: SmtpConnectionError | null;
}

/** Recipients for one write: a new transaction, or more recipients in the open one. */
export interface Envelope {
  rcpts: string[];
  /** RSET (when a transaction was opened before) and MAIL FROM first; false: add to the open transaction. */
  fresh: boolean;
}

/**
 * One SMTP session used for address probing: greeting, EHLO (HELO fallback), STARTTLS, then
 * transactions of MAIL FROM and any number of RCPT TO, over one or several writes, with RSET only
 * when a new transaction is needed. DATA is never sent.
 */
export class SmtpSession {
  pipelining = false;
  /** A MAIL FROM was sent in this session (a new transaction needs RSET first). */
  private mailSent = false;
  /** The open transaction's MAIL FROM reply (250), or null when none is open. */
  private openMail: SmtpReply | null = null;

  private constructor(
    private readonly conn: SmtpConnection,
    private readonly o: SessionOptions,
  ) {}

  static async open(o: SessionOptions): Promise<SmtpSession> {
    const conn = await SmtpConnection.open(o);
    const session = new SmtpSession(conn, o);
    try {
      await session.greet();
      return session;
    } catch (err) {
      conn.close();
      throw err;
    }
  }

  get alive(): boolean {
    return !this.conn.closed;
  }

  get tls(): boolean {
    return this.conn.tls;
  }

  private async greet(): Promise<void> {
    const banner = await this.conn.read().catch((err) => {
      // It accepted the connection and never greeted (a black hole behind a firewall, a hung daemon):
      // a silent server, not a network of ours that fails (the connection was made).
      if (err instanceof SmtpConnectionError && err.timeout) throw new SmtpSilentError(this.o.timeoutMs);
      throw err;
    });
    if (banner.code !== 220) throw new SmtpRefusedError(banner, true);
    let keywords = await this.ehlo();
    if (this.o.starttls === 'always' || (this.o.starttls && keywords.has('STARTTLS'))) {
      this.conn.write(['STARTTLS']);
      const ready = await this.conn.read();
      if (ready.code === 220) {
        await this.conn.startTls(this.o.exchange);
        keywords = await this.ehlo(); // RFC 3207: forget what was said before TLS
      }
    }
    this.pipelining = keywords.has('PIPELINING');
  }

  private async ehlo(): Promise<Set<string>> {
    this.conn.write([`EHLO ${this.o.heloName}`]);
    const reply = await this.conn.read();
    if (reply.code === 250) return ehloKeywords(reply);
    if (reply.code === 421 || reply.code === 554) throw new SmtpRefusedError(reply);
    // Old servers without ESMTP: plain HELO, no extensions.
    this.conn.write([`HELO ${this.o.heloName}`]);
    const helo = await this.conn.read();
    if (helo.code !== 250) throw new SmtpRefusedError(helo);
    return new Set();
  }

  /** MAIL FROM then RCPT TO for each address, pipelined (RFC 2920) when the server allows it. */
  async transaction(rcpts: string[]): Promise<TransactionResult> {
    return (await this.transactions([{ rcpts, fresh: true }]))[0];
  }

  /**
   * Several envelopes in one write when the server offers PIPELINING, so recipients of many domains
   * cost one round trip: each a new transaction or more recipients in the open one. One result per
   * envelope; after a 421 or a lost connection the remaining ones come back empty with the error.
   */
  async transactions(envelopes: Envelope[], o: { quit?: boolean } = {}): Promise<TransactionResult[]> {
    const writtenAt = Date.now();
    const results: TransactionResult[] = envelopes.map(() => ({
      mail: null,
      rcpts: [],
      rcptAt: [],
      writtenAt,
      error: null,
    }));
    // A continued envelope with no open transaction (its MAIL failed) starts one.
    const plan = envelopes.map((e, i) => {
      const fresh = e.fresh || (i === 0 && this.openMail === null);
      const rset = fresh && (this.mailSent || i > 0);
      if (fresh) this.mailSent = true;
      return { rcpts: e.rcpts, fresh, rset };
    });
    let g = 0;
    try {
      if (this.pipelining) {
        const commands: string[] = [];
        for (const e of plan) {
          if (e.rset) commands.push('RSET');
          if (e.fresh) commands.push(`MAIL FROM:<${this.o.mailFrom}>`);
          commands.push(...e.rcpts.map((r) => `RCPT TO:<${r}>`));
        }
        // The session's last write: QUIT rides along (RFC 2920 allows it last), saving a round trip.
        if (o.quit) commands.push('QUIT');
        this.conn.write(commands);
        for (; g < plan.length; g++) {
          const e = plan[g];
          const result = results[g];
          if (e.rset) {
            this.openMail = null;
            await this.expectOk(await this.conn.read());
          }
          if (e.fresh) this.openMail = await this.conn.read();
          result.mail = this.openMail;
          const ok = this.openMail?.code === 250;
          if (!ok) this.openMail = null;
          // After a failed MAIL the server still answers each RCPT (503): read them to stay in step.
          for (let i = 0; i < e.rcpts.length; i++) {
            const r = await this.conn.read();
            if (ok) {
              result.rcpts.push(r);
              result.rcptAt.push(Date.now());
            }
            if (r.code === 421) throw new ClosingError();
          }
          if (result.mail?.code === 421) throw new ClosingError();
        }
        if (o.quit) await this.bye();
      } else {
        for (; g < plan.length; g++) {
          const e = plan[g];
          const result = results[g];
          if (e.rset) {
            this.openMail = null;
            this.conn.write(['RSET']);
            await this.expectOk(await this.conn.read());
          }
          if (e.fresh) {
            this.conn.write([`MAIL FROM:<${this.o.mailFrom}>`]);
            this.openMail = await this.conn.read();
          }
          result.mail = this.openMail;
          if (result.mail?.code === 421) throw new ClosingError();
          if (result.mail?.code !== 250) {
            this.openMail = null;
            continue;
          }
          for (const r of e.rcpts) {
            this.conn.write([`RCPT TO:<${r}>`]);
            const reply = await this.conn.read();
            result.rcpts.push(reply);
            result.rcptAt.push(Date.now());
            if (reply.code === 421) throw new ClosingError();
          }
        }
      }
    } catch (err) {
      this.openMail = null;
      if (err instanceof ClosingError) {
        // The server is closing: the envelopes not reached yet were never answered.
        for (let i = g + 1; i < results.length; i++) results[i].error = SESSION_CLOSED;
        this.conn.close();
        return results;
      }
      if (!(err instanceof SmtpConnectionError)) throw err;
      for (let i = g; i < results.length; i++) results[i].error = err;
      this.conn.close(); // out of step with the server: this session is done
    }
    return results;
  }

  private async expectOk(reply: SmtpReply): Promise<void> {
    if (reply.code !== 250) throw new SmtpConnectionError(`RSET refused: ${describe(reply)}`, 'read');
  }

  /** Reads the answer to a pipelined QUIT (briefly) and closes once the server has seen it. */
  private async bye(): Promise<void> {
    const wait = Math.min(1000, this.o.timeoutMs);
    await briefly(
      this.conn.read().then(this.keepGoodbye, () => {}),
      wait,
    );
    await this.conn.end(wait);
  }

  /** The reply to our QUIT: a cut after the last recipient ("421 too many errors") shows there. */
  goodbye: SmtpReply | null = null;
  private readonly keepGoodbye = (r: SmtpReply): void => {
    this.goodbye = r;
  };

  /** Polite goodbye; a server that does not answer QUIT quickly is simply dropped. */
  async quit(): Promise<void> {
    const wait = Math.min(1000, this.o.timeoutMs);
    if (!this.conn.closed) {
      try {
        this.conn.write(['QUIT']);
        await briefly(this.conn.read().then(this.keepGoodbye), wait);
      } catch {
        // already gone
      }
    }
    await this.conn.end(wait);
  }
}
