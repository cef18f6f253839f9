import net from 'node:net';
import { SocksClient } from 'socks';

// The TCP connection to a mail server (directly or through SMTP_PROXY), always to an IP address.

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

export interface ConnectOptions {
  /** Always an IP address: we never hand a host name to the system resolver. */
  ip: string;
  port: number;
  timeoutMs: number;
  /** socks5://[user:pass@]ip:port */
  proxy?: string;
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
    const u = new URL(o.proxy);
    if (net.isIP(u.hostname.replace(/^\[|\]$/g, '')) === 0) {
      throw new SmtpConnectionError('SMTP_PROXY must name its host by IP address', 'connect');
    }
    try {
      const { socket } = await SocksClient.createConnection({
        proxy: {
          host: u.hostname.replace(/^\[|\]$/g, ''),
          port: Number(u.port || 1080),
          type: 5,
          userId: u.username ? decodeURIComponent(u.username) : undefined,
          password: u.password ? decodeURIComponent(u.password) : undefined,
        },
        command: 'connect',
        destination: { host: o.ip, port: o.port },
        timeout: o.timeoutMs,
      });
      return socket;
    } catch (err) {
      throw new SmtpConnectionError(`proxy: ${(err as Error).message}`, 'connect');
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
