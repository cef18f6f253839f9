import net from 'node:net';
import tls from 'node:tls';
import { type FakeSmtp, type FakeSmtpOptions, newStats } from './options';
import { FakeSession } from './session';
import { TEST_TLS_CERT, TEST_TLS_KEY } from './tls';

export async function startFakeSmtp(o: FakeSmtpOptions): Promise<FakeSmtp> {
  if (!o.host.startsWith('127.')) throw new Error('fakes bind loopback only');
  const stats = newStats();
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

export interface Shared {
  mailboxes: Set<string>;
  greylist: Map<string, number>;
  rcptTimes: number[];
  connNo: number;
  over: () => void;
  /** One TLS context per server: its session tickets let a client resume, as with a real MTA's OpenSSL. */
  secureContext: tls.SecureContext;
}
