import net from 'node:net';
import type { ProxyRoute } from '../proxy-list';

// A SOCKS5 CONNECT (RFC 1928, username/password per RFC 1929) written here rather than taken from a
// library, because what matters is *whose* failure it was: the proxy's own (it does not answer, its
// handshake fails, it refuses its job) means our way out is down and says nothing of the mail server;
// a reply code naming the destination (refused, unreachable) is the mail server's, as a direct
// connection's would be.

/** Why a SOCKS connection failed, and on which side of the proxy. */
export class SocksError extends Error {
  constructor(
    message: string,
    readonly side: 'proxy' | 'destination',
    readonly timeout = false,
  ) {
    super(message);
  }
}

/** Reply codes that speak of the destination; any other non-zero code is the proxy failing its job. */
const DESTINATION_REPLIES: Record<number, { text: string; timeout: boolean }> = {
  3: { text: 'network unreachable', timeout: false },
  4: { text: 'host unreachable', timeout: true },
  5: { text: 'connection refused', timeout: false },
  6: { text: 'TTL expired', timeout: true },
};

const noLookup = (hostname: string) => {
  throw new Error(`refusing to resolve ${hostname} with the system resolver`);
};

/** Bytes of a CONNECT reply once its address type is known (null: not yet readable). */
function replyLength(buf: Buffer): number | null {
  if (buf.length < 5) return null;
  if (buf[3] === 1) return 10;
  if (buf[3] === 4) return 22;
  return 7 + buf[4];
}

/**
 * A socket to `ip:port` through `proxy`, paused, with anything the destination already sent put
 * back in front (the reader resumes it). Throws SocksError.
 */
export function socks5Connect(o: {
  proxy: ProxyRoute;
  ip: string;
  port: number;
  timeoutMs: number;
}): Promise<net.Socket> {
  const { proxy } = o;
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: proxy.host, port: proxy.port, lookup: noLookup as never });
    let stage: 'connect' | 'hello' | 'auth' | 'request' = 'connect';
    let buf = Buffer.alloc(0);
    let settled = false;
    const fail = (err: SocksError) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      reject(err);
    };
    // Waiting for the CONNECT reply is the proxy waiting on the mail server: the server's timeout.
    const timer = setTimeout(
      () =>
        stage === 'request'
          ? fail(new SocksError(`no answer from ${o.ip} in ${o.timeoutMs} ms`, 'destination', true))
          : fail(new SocksError(`proxy ${proxy.name} did not answer in ${o.timeoutMs} ms`, 'proxy', true)),
      o.timeoutMs,
    );
    const request = () => {
      stage = 'request';
      const ip = o.ip.includes(':') ? ipv6Bytes(o.ip) : Buffer.from(o.ip.split('.').map(Number));
      const port = Buffer.alloc(2);
      port.writeUInt16BE(o.port);
      socket.write(Buffer.concat([Buffer.from([5, 1, 0, ip.length === 4 ? 1 : 4]), ip, port]));
    };
    const onData = (chunk: Buffer) => {
      buf = Buffer.concat([buf, chunk]);
      if (stage === 'hello') {
        if (buf.length < 2) return;
        const method = buf[1];
        buf = buf.subarray(2);
        if (method === 2 && proxy.user !== undefined) {
          stage = 'auth';
          const user = Buffer.from(proxy.user);
          const pass = Buffer.from(proxy.password ?? '');
          socket.write(
            Buffer.concat([Buffer.from([1, user.length]), user, Buffer.from([pass.length]), pass]),
          );
        } else if (method === 0) request();
        else return fail(new SocksError(`proxy ${proxy.name} accepts none of our login methods`, 'proxy'));
      }
      if (stage === 'auth') {
        if (buf.length < 2) return;
        if (buf[1] !== 0) return fail(new SocksError(`proxy ${proxy.name} refused our login`, 'proxy'));
        buf = buf.subarray(2);
        request();
      }
      if (stage === 'request') {
        if (buf.length >= 2 && buf[1] !== 0) {
          const dest = DESTINATION_REPLIES[buf[1]];
          return fail(
            dest
              ? new SocksError(`${o.ip}: ${dest.text} (through ${proxy.name})`, 'destination', dest.timeout)
              : new SocksError(`proxy ${proxy.name} refused the connection (SOCKS reply ${buf[1]})`, 'proxy'),
          );
        }
        const len = replyLength(buf);
        if (len === null || buf.length < len) return;
        settled = true;
        clearTimeout(timer);
        socket.pause();
        socket.off('data', onData);
        socket.removeAllListeners('error');
        socket.removeAllListeners('close');
        if (buf.length > len) socket.unshift(buf.subarray(len));
        resolve(socket);
      }
    };
    socket.once('connect', () => {
      stage = 'hello';
      socket.write(Buffer.from(proxy.user !== undefined ? [5, 2, 0, 2] : [5, 1, 0]));
    });
    socket.on('data', onData);
    socket.on('error', (err) => fail(new SocksError(`proxy ${proxy.name}: ${err.message}`, 'proxy')));
    socket.on('close', () => fail(new SocksError(`proxy ${proxy.name} closed the connection`, 'proxy')));
  });
}

function ipv6Bytes(ip: string): Buffer {
  const [head, tail = ''] = ip.split('::');
  const h = head ? head.split(':') : [];
  const t = tail ? tail.split(':') : [];
  const groups = [...h, ...Array(8 - h.length - t.length).fill('0'), ...t];
  return Buffer.from(groups.flatMap((g) => [parseInt(g, 16) >> 8, parseInt(g, 16) & 0xff]));
}

/** Does the proxy still answer a SOCKS greeting? (Told a lost session's cause: the proxy or the server.) */
export function socks5Answers(proxy: ProxyRoute, timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: proxy.host, port: proxy.port, lookup: noLookup as never });
    const done = (ok: boolean) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(ok);
    };
    const timer = setTimeout(() => done(false), timeoutMs);
    socket.once('connect', () => socket.write(Buffer.from([5, 1, 0])));
    socket.once('data', (b) => done(b[0] === 5));
    socket.once('error', () => done(false));
    socket.once('close', () => done(false));
  });
}
