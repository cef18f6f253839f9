import { SmtpConnection } from './connection';
import { describe, ehloKeywords, type SmtpReply } from './replies';
import { type ConnectOptions, SmtpConnectionError } from './socket';

/** The server answered the greeting or EHLO with an error: it will not talk to us now. */
export class SmtpRefusedError extends Error {
  constructor(
    readonly reply: SmtpReply,
    /** The banner itself: a 5xx there is "no SMTP service here" for anyone (VERIFICATION.md). */
    readonly atBanner = false,
  ) {
    super(describe(reply));
  }
}

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
  mail: SmtpReply | null;
  /** One reply per recipient, in order; shorter than asked when the session ended early. */
  rcpts: SmtpReply[];
  /** Set when the connection failed or timed out part-way. */
  error: SmtpConnectionError | null;
}

/**
 * One SMTP session used for address probing: greeting, EHLO (HELO fallback), STARTTLS, then any
 * number of MAIL FROM + RCPT TO transactions separated by RSET. DATA is never sent.
 */
export class SmtpSession {
  pipelining = false;
  private sent = 0;

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
    const banner = await this.conn.read();
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
    return (await this.transactions([rcpts]))[0];
  }

  /**
   * Several transactions in a row (one per domain: RSET between them), all written at once when
   * the server offers PIPELINING, so addresses of many domains cost one round trip. One result per
   * group; after a 421 or a lost connection the remaining groups come back empty with the error.
   */
  async transactions(groups: string[][], o: { quit?: boolean } = {}): Promise<TransactionResult[]> {
    const results: TransactionResult[] = groups.map(() => ({ mail: null, rcpts: [], error: null }));
    const rset = groups.map(() => this.sent++ > 0);
    let g = 0;
    try {
      if (this.pipelining) {
        const commands: string[] = [];
        groups.forEach((rcpts, i) => {
          if (rset[i]) commands.push('RSET');
          commands.push(`MAIL FROM:<${this.o.mailFrom}>`, ...rcpts.map((r) => `RCPT TO:<${r}>`));
        });
        // The session's last group: QUIT rides along (RFC 2920 allows it last), saving a round trip.
        if (o.quit) commands.push('QUIT');
        this.conn.write(commands);
        for (; g < groups.length; g++) {
          const result = results[g];
          if (rset[g]) await this.expectOk(await this.conn.read());
          result.mail = await this.conn.read();
          // After a failed MAIL the server still answers each RCPT (503): read them to stay in step.
          for (let i = 0; i < groups[g].length; i++) {
            const r = await this.conn.read();
            if (result.mail.code === 250) result.rcpts.push(r);
            if (r.code === 421) throw new ClosingError();
          }
          if (result.mail.code === 421) throw new ClosingError();
        }
        if (o.quit) await this.bye();
      } else {
        for (; g < groups.length; g++) {
          const result = results[g];
          if (rset[g]) {
            this.conn.write(['RSET']);
            await this.expectOk(await this.conn.read());
          }
          this.conn.write([`MAIL FROM:<${this.o.mailFrom}>`]);
          result.mail = await this.conn.read();
          if (result.mail.code === 421) throw new ClosingError();
          if (result.mail.code !== 250) continue;
          for (const r of groups[g]) {
            this.conn.write([`RCPT TO:<${r}>`]);
            const reply = await this.conn.read();
            result.rcpts.push(reply);
            if (reply.code === 421) throw new ClosingError();
          }
        }
      }
    } catch (err) {
      if (err instanceof ClosingError) {
        // The server is closing: the groups not reached yet were never answered.
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
    await Promise.race([this.conn.read().catch(() => {}), new Promise((r) => setTimeout(r, wait))]);
    await this.conn.end(wait);
  }

  /** Polite goodbye; a server that does not answer QUIT quickly is simply dropped. */
  async quit(): Promise<void> {
    const wait = Math.min(1000, this.o.timeoutMs);
    if (!this.conn.closed) {
      try {
        this.conn.write(['QUIT']);
        await Promise.race([this.conn.read(), new Promise((r) => setTimeout(r, wait))]);
      } catch {
        // already gone
      }
    }
    await this.conn.end(wait);
  }
}
