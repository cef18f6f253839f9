import { type ConnectOptions, SmtpConnection, SmtpConnectionError } from './connection';
import { describe, ehloKeywords, type SmtpReply } from './replies';

/** The server answered the greeting or EHLO with an error: it will not talk to us now. */
export class SmtpRefusedError extends Error {
  constructor(readonly reply: SmtpReply) {
    super(describe(reply));
  }
}

export interface SessionOptions extends ConnectOptions {
  exchange: string;
  heloName: string;
  mailFrom: string;
  /** Upgrade with STARTTLS when the server offers it. */
  starttls: boolean;
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
  private transactions = 0;

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
    if (banner.code !== 220) throw new SmtpRefusedError(banner);
    let keywords = await this.ehlo();
    if (this.o.starttls && keywords.has('STARTTLS')) {
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
    const commands = [`MAIL FROM:<${this.o.mailFrom}>`, ...rcpts.map((r) => `RCPT TO:<${r}>`)];
    // RSET closes the previous transaction; it may lead a pipelined group.
    if (this.transactions++ > 0) commands.unshift('RSET');
    const hasRset = commands[0] === 'RSET';
    const result: TransactionResult = { mail: null, rcpts: [], error: null };
    try {
      if (this.pipelining) {
        this.conn.write(commands);
        if (hasRset) await this.expectOk(await this.conn.read());
        result.mail = await this.conn.read();
        // After a failed MAIL the server still answers each RCPT (503): read them to stay in step.
        for (let i = 0; i < rcpts.length; i++) {
          const r = await this.conn.read();
          if (result.mail.code === 250) result.rcpts.push(r);
          if (r.code === 421) break; // the server is closing the session
        }
      } else {
        if (hasRset) {
          this.conn.write(['RSET']);
          await this.expectOk(await this.conn.read());
        }
        this.conn.write([commands[hasRset ? 1 : 0]]);
        result.mail = await this.conn.read();
        if (result.mail.code !== 250) return result;
        for (const r of rcpts) {
          this.conn.write([`RCPT TO:<${r}>`]);
          const reply = await this.conn.read();
          result.rcpts.push(reply);
          if (reply.code === 421) break;
        }
      }
    } catch (err) {
      if (!(err instanceof SmtpConnectionError)) throw err;
      result.error = err;
      this.conn.close(); // out of step with the server: this session is done
    }
    return result;
  }

  private async expectOk(reply: SmtpReply): Promise<void> {
    if (reply.code !== 250) throw new SmtpConnectionError(`RSET refused: ${describe(reply)}`, 'read');
  }

  /** Polite goodbye; a server that does not answer QUIT quickly is simply dropped. */
  async quit(): Promise<void> {
    if (!this.conn.closed) {
      try {
        this.conn.write(['QUIT']);
        await Promise.race([
          this.conn.read(),
          new Promise((r) => setTimeout(r, Math.min(1000, this.o.timeoutMs))),
        ]);
      } catch {
        // already gone
      }
    }
    this.conn.close();
  }
}
