import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedHook {
  headers: http.IncomingHttpHeaders;
  body: string;
  at: number;
}

export interface FakeReceiver {
  url: string;
  received: ReceivedHook[];
  /** Status codes to answer, in order; the last one repeats (default 200). */
  answer(...codes: number[]): void;
  close(): Promise<void>;
}

/** A webhook receiver on loopback: records raw bodies and headers, answers the scripted status codes. */
export async function startFakeReceiver(opts: { host?: string } = {}): Promise<FakeReceiver> {
  const host = opts.host ?? '127.0.0.1';
  if (!host.startsWith('127.')) throw new Error('fakes bind loopback only');
  const received: ReceivedHook[] = [];
  let codes = [200];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() });
      const code = codes.length > 1 ? (codes.shift() as number) : codes[0];
      res.writeHead(code, { 'content-type': 'text/plain' });
      res.end(code < 300 ? 'ok' : 'nope');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${port}/hooks`,
    received,
    answer: (...c) => {
      codes = c.length ? c : [200];
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
