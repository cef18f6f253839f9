import { randomUUID } from 'node:crypto';
import net from 'node:net';
import os from 'node:os';
import tls from 'node:tls';

/**
 * A minimal SMTP submission client for the few mails the product sends (invitations): one message per
 * connection to the operator's relay (SMTP_RELAY_URL), STARTTLS when offered, AUTH PLAIN when the URL
 * has credentials. The verification engine's SMTP code never sends DATA, so it is not reused here.
 */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export class MailError extends Error {}

interface Reply {
  code: number;
  lines: string[];
}

const headerSafe = (v: string) => v.replace(/[\r\n]+/g, ' ');
const isAscii = (v: string) => /^[\x20-\x7e\r\n\t]*$/.test(v);
const encodeWord = (v: string) =>
  isAscii(v) ? headerSafe(v) : `=?UTF-8?B?${Buffer.from(headerSafe(v)).toString('base64')}?=`;
const addressOf = (from: string) => /<([^>]+)>/.exec(from)?.[1] ?? from.trim();

/** The message as sent after DATA: headers, body (7bit when ASCII, else base64), dot-stuffed. */
export function formatMessage(from: string, m: MailMessage, now = new Date()): string {
  const ascii = isAscii(m.text);
  const body = ascii
    ? m.text.replace(/\r?\n/g, '\r\n')
    : (
        Buffer.from(m.text)
          .toString('base64')
          .match(/.{1,76}/g) ?? []
      ).join('\r\n');
  const domain = addressOf(from).split('@')[1] ?? 'localhost';
  const headers = [
    `From: ${headerSafe(from)}`,
    `To: <${headerSafe(m.to)}>`,
    `Subject: ${encodeWord(m.subject)}`,
    `Date: ${now.toUTCString().replace('GMT', '+0000')}`,
    `Message-ID: <${randomUUID()}@${domain}>`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    `Content-Transfer-Encoding: ${ascii ? '7bit' : 'base64'}`,
  ];
  return `${headers.join('\r\n')}\r\n\r\n${body}`.replace(/^\./gm, '..');
}

/** Sends one message through the relay; throws MailError with the relay's reply when it refuses. */
export async function sendMail(opts: {
  relayUrl: string;
  from?: string;
  message: MailMessage;
  timeoutMs?: number;
}): Promise<void> {
  const url = new URL(opts.relayUrl);
  const implicitTls = url.protocol === 'smtps:';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const port = Number(url.port || (implicitTls ? 465 : 587));
  const from = opts.from ?? `Verilead <no-reply@${host}>`;
  const timeoutMs = opts.timeoutMs ?? 15_000;
  let socket: net.Socket = implicitTls
    ? tls.connect({ host, port, servername: net.isIP(host) ? undefined : host })
    : net.connect({ host, port });
  const reader = new ReplyReader();
  const attach = (s: net.Socket) => {
    s.setTimeout(timeoutMs, () =>
      s.destroy(new MailError(`The mail relay did not answer in ${timeoutMs} ms`)),
    );
    s.on('data', (chunk: Buffer) => reader.push(chunk.toString('utf8')));
    s.on('error', (err) => reader.fail(err));
    s.on('close', () => reader.fail(new MailError('The mail relay closed the connection')));
  };
  attach(socket);
  const expect = async (what: string, ok: (code: number) => boolean) => {
    const reply = await reader.next();
    if (!ok(reply.code)) throw new MailError(`The mail relay refused ${what}: ${reply.lines.join(' ')}`);
    return reply;
  };
  const command = (line: string, what: string, ok: (code: number) => boolean) => {
    socket.write(`${line}\r\n`);
    return expect(what, ok);
  };
  const is = (n: number) => (code: number) => code === n;
  const ehloName = os.hostname() || 'localhost';
  try {
    await expect('the connection', is(220));
    let ehlo = await command(`EHLO ${ehloName}`, 'EHLO', is(250));
    if (!implicitTls && ehlo.lines.some((l) => /^STARTTLS\b/i.test(l))) {
      await command('STARTTLS', 'STARTTLS', is(220));
      socket.removeAllListeners('data').removeAllListeners('close').removeAllListeners('error');
      socket.setTimeout(0);
      socket = tls.connect({ socket, servername: net.isIP(host) ? undefined : host });
      attach(socket);
      ehlo = await command(`EHLO ${ehloName}`, 'EHLO', is(250));
    }
    if (url.username) {
      const user = decodeURIComponent(url.username);
      const pass = decodeURIComponent(url.password);
      const plain = Buffer.from(`\0${user}\0${pass}`).toString('base64');
      await command(`AUTH PLAIN ${plain}`, 'the credentials', is(235));
    }
    await command(`MAIL FROM:<${addressOf(from)}>`, 'the sender', is(250));
    await command(`RCPT TO:<${headerSafe(opts.message.to)}>`, 'the recipient', (c) => c === 250 || c === 251);
    await command('DATA', 'DATA', is(354));
    await command(`${formatMessage(from, opts.message)}\r\n.`, 'the message', is(250));
    socket.write('QUIT\r\n');
  } finally {
    socket.end();
  }
}

/** Collects multi-line replies ("250-..." lines up to "250 ...") and hands them out in order. */
class ReplyReader {
  private buffer = '';
  private lines: string[] = [];
  private replies: Reply[] = [];
  private waiting: { resolve: (r: Reply) => void; reject: (e: Error) => void } | null = null;
  private failure: Error | null = null;

  push(text: string) {
    this.buffer += text;
    let nl = this.buffer.indexOf('\n');
    while (nl >= 0) {
      const line = this.buffer.slice(0, nl).replace(/\r$/, '');
      this.buffer = this.buffer.slice(nl + 1);
      this.lines.push(line.slice(4));
      if (line[3] !== '-') {
        this.replies.push({ code: Number(line.slice(0, 3)), lines: this.lines });
        this.lines = [];
      }
      nl = this.buffer.indexOf('\n');
    }
    this.settle();
  }

  fail(err: Error) {
    this.failure ??= err;
    this.settle();
  }

  next(): Promise<Reply> {
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject };
      this.settle();
    });
  }

  private settle() {
    if (!this.waiting) return;
    const reply = this.replies.shift();
    if (reply) {
      this.waiting.resolve(reply);
      this.waiting = null;
    } else if (this.failure) {
      this.waiting.reject(
        this.failure instanceof MailError ? this.failure : new MailError(this.failure.message),
      );
      this.waiting = null;
    }
  }
}
