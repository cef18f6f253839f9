import net from 'node:net';
import type { ProxyRoute } from '../proxy-list';
import { describe, type SmtpReply } from './replies';
import { SocksError, socks5Connect } from './socks5';

// The TCP connection to a mail server (directly or through one of SMTP_PROXY's proxies), always to an IP address.

/** The connection failed or went away before a reply came; `phase` tells where. */
export class SmtpConnectionError extends Error {
  constructor(
    message: string,
    readonly phase: 'connect' | 'tls' | 'read',
    readonly timeout = false,
  ) {
    super(message);
  }
}

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

/** The server accepted the connection and sent no greeting within the timeout. */
export class SmtpSilentError extends SmtpConnectionError {
  constructor(timeoutMs: number) {
    super(
      `the server did not answer: it accepted the connection but sent no greeting within ${timeoutMs} ms`,
      'read',
      true,
    );
  }
}

/**
 * The proxy itself failed (it does not answer, its handshake failed, it refused its job): our way
 * out is down. Says nothing about the mail server behind it.
 */
export class ProxyDownError extends SmtpConnectionError {
  constructor(
    readonly proxy: ProxyRoute,
    message: string,
    timeout = false,
  ) {
    super(message, 'connect', timeout);
  }
}

export interface ConnectOptions {
  /** Always an IP address: we never hand a host name to the system resolver. */
  ip: string;
  port: number;
  timeoutMs: number;
  /** The way out, when not direct. */
  proxy?: ProxyRoute;
  /** Metrics hooks: each complete reply, each timeout (connect, TLS or a reply). */
  onReply?: (code: number) => void;
  onTimeout?: () => void;
}

// Node would resolve a host name with getaddrinfo, bypassing DNS_SERVERS: refuse instead.
const noLookup = (hostname: string) => {
  throw new Error(`refusing to resolve ${hostname} with the system resolver`);
};

export async function openSocket(o: ConnectOptions): Promise<net.Socket> {
  if (net.isIP(o.ip) === 0) throw new SmtpConnectionError(`not an IP address: ${o.ip}`, 'connect');
  if (o.proxy) {
    try {
      return await socks5Connect({ proxy: o.proxy, ip: o.ip, port: o.port, timeoutMs: o.timeoutMs });
    } catch (err) {
      if (!(err instanceof SocksError)) throw err;
      if (err.side === 'proxy') throw new ProxyDownError(o.proxy, err.message, err.timeout);
      throw new SmtpConnectionError(err.message, 'connect', err.timeout);
    }
  }
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: o.ip, port: o.port, lookup: noLookup as never });
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new SmtpConnectionError(`connect timeout after ${o.timeoutMs} ms`, 'connect', true));
    }, o.timeoutMs);
    socket.once('connect', () => {
      clearTimeout(timer);
      socket.removeAllListeners('error');
      resolve(socket);
    });
    socket.once('error', (err) => {
      clearTimeout(timer);
      reject(new SmtpConnectionError(err.message, 'connect'));
    });
  });
}
