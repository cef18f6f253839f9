import net from 'node:net';
import tls from 'node:tls';
import { ReplyParser, type SmtpReply } from './replies';
import { type ConnectOptions, openSocket, ProxyDownError, SmtpConnectionError } from './socket';

/**
 * TLS sessions to resume, per server (its IP and name): a resumed handshake skips the key exchange,
 * the costliest part of a session's opening at a server that offers STARTTLS (both sides' CPU, and a
 * round trip under TLS 1.2). Bounded; the oldest go first.
 */
const tlsSessions = new Map<string, Buffer>();
const TLS_SESSIONS_KEPT = 5000;

/**
 * A line-oriented SMTP client connection: writes commands (several at once when pipelining) and
 * hands out complete replies in order, each awaited with the per-command timeout.
 */
export class SmtpConnection {
  private buffer = '';
  private parser = new ReplyParser();
  private readonly replies: SmtpReply[] = [];
  private waiter: { resolve: (r: SmtpReply) => void; reject: (e: Error) => void } | null = null;
  private failure: Error | null = null;
  private detach: () => void = () => {};
  private hooks: Pick<ConnectOptions, 'onReply' | 'onTimeout'> = {};
  tls = false;

  private constructor(
    private socket: net.Socket,
    private readonly timeoutMs: number,
  ) {
    this.attach();
  }

  static async open(o: ConnectOptions): Promise<SmtpConnection> {
    let socket: net.Socket;
    try {
      socket = await openSocket(o);
    } catch (err) {
      // A proxy that does not answer is not the mail server timing out (the metric is per server).
      if (err instanceof SmtpConnectionError && err.timeout && !(err instanceof ProxyDownError))
        o.onTimeout?.();
      throw err;
    }
    const conn = new SmtpConnection(socket, o.timeoutMs);
    conn.hooks = o;
    return conn;
  }

  get closed(): boolean {
    return this.failure !== null;
  }

  write(commands: string[]): void {
    if (this.failure) throw this.failure;
    this.socket.write(`${commands.join('\r\n')}\r\n`);
  }

  read(): Promise<SmtpReply> {
    const next = this.replies.shift();
    if (next) return Promise.resolve(next);
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiter = null;
        this.hooks.onTimeout?.();
        this.fail(new SmtpConnectionError(`no reply within ${this.timeoutMs} ms`, 'read', true));
        reject(this.failure);
      }, this.timeoutMs);
      this.waiter = {
        resolve: (r) => {
          clearTimeout(timer);
          resolve(r);
        },
        reject: (e) => {
          clearTimeout(timer);
          reject(e);
        },
      };
    });
  }

  /** Upgrades after a 220 to STARTTLS. Certificates are not checked: we never send message data. */
  async startTls(servername: string): Promise<void> {
    this.detach();
    // Anything the server sent before the handshake is discarded (STARTTLS command injection).
    this.buffer = '';
    this.replies.length = 0;
    this.parser = new ReplyParser();
    const plain = this.socket;
    const key = `${plain.remoteAddress}|${servername}`;
    const secure = await new Promise<tls.TLSSocket>((resolve, reject) => {
      const s = tls.connect({
        socket: plain,
        servername: net.isIP(servername) ? undefined : servername,
        rejectUnauthorized: false,
        session: tlsSessions.get(key),
      });
      s.on('session', (session: Buffer) => {
        tlsSessions.delete(key);
        tlsSessions.set(key, session);
        if (tlsSessions.size > TLS_SESSIONS_KEPT)
          tlsSessions.delete(tlsSessions.keys().next().value as string);
      });
      const timer = setTimeout(() => {
        s.destroy();
        this.hooks.onTimeout?.();
        reject(new SmtpConnectionError('TLS handshake timeout', 'tls', true));
      }, this.timeoutMs);
      s.once('secureConnect', () => {
        clearTimeout(timer);
        s.removeAllListeners('error');
        resolve(s);
      });
      s.once('error', (err) => {
        clearTimeout(timer);
        reject(new SmtpConnectionError(`TLS: ${err.message}`, 'tls'));
      });
    }).catch((err) => {
      this.fail(err);
      throw err;
    });
    this.socket = secure;
    this.tls = true;
    this.attach();
  }

  close(): void {
    this.fail(new SmtpConnectionError('connection closed', 'read'));
  }

  /**
   * Closes after the goodbye: sends our FIN and waits (at most `waitMs`) for the server's, so the
   * server has read our close before the caller frees the slot. A server counts a connection until
   * then: reconnecting on its 221 alone meets "421 too many connections".
   */
  async end(waitMs: number): Promise<void> {
    if (this.failure) return;
    const socket = this.socket;
    this.fail(new SmtpConnectionError('connection closed', 'read'), false);
    if (socket.destroyed) return;
    socket.on('error', () => {});
    socket.resume(); // anything still coming is read and dropped, so the server's FIN is seen
    await new Promise<void>((resolve) => {
      const timer = setTimeout(done, waitMs);
      function done() {
        clearTimeout(timer);
        socket.destroy();
        resolve();
      }
      socket.once('close', done);
      socket.end();
    });
  }

  private attach(): void {
    const onData = (chunk: Buffer) => this.onData(chunk.toString('latin1'));
    const onEnd = () => this.fail(new SmtpConnectionError('connection closed by server', 'read'));
    const onError = (err: Error) => this.fail(new SmtpConnectionError(err.message, 'read'));
    this.socket.on('data', onData);
    this.socket.on('close', onEnd);
    this.socket.on('error', onError);
    // A socket from a proxy comes paused, with the server's first bytes put back: they flow now.
    this.socket.resume();
    this.detach = () => {
      this.socket.off('data', onData);
      this.socket.off('close', onEnd);
      this.socket.off('error', onError);
    };
  }

  private onData(text: string): void {
    this.buffer += text;
    let nl = this.buffer.indexOf('\n');
    while (nl >= 0) {
      const line = this.buffer.slice(0, nl).replace(/\r$/, '');
      this.buffer = this.buffer.slice(nl + 1);
      nl = this.buffer.indexOf('\n');
      let reply: SmtpReply | null;
      try {
        reply = this.parser.push(line);
      } catch (err) {
        this.fail(new SmtpConnectionError((err as Error).message, 'read'));
        return;
      }
      if (!reply) continue;
      this.hooks.onReply?.(reply.code);
      if (this.waiter) {
        const w = this.waiter;
        this.waiter = null;
        w.resolve(reply);
      } else this.replies.push(reply);
    }
    if (this.buffer.length > 64 * 1024) this.fail(new SmtpConnectionError('reply line too long', 'read'));
  }

  private fail(err: Error, destroy = true): void {
    if (!this.failure) this.failure = err;
    this.detach();
    if (destroy) this.socket.destroy();
    if (this.waiter) {
      const w = this.waiter;
      this.waiter = null;
      w.reject(this.failure);
    }
  }
}

/** Waits for `p` at most `ms`; the timer goes once `p` settles (left running, it held a CLI's exit by 1 s). */
export async function briefly(p: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const waited = new Promise((r) => (timer = setTimeout(r, ms)));
  await Promise.race([p, waited]).finally(() => clearTimeout(timer));
}
