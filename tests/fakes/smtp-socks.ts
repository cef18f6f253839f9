import net from 'node:net';

export interface FakeSocks {
  url: string;
  port: number;
  /** Destinations asked for, "ip:port". */
  connects: string[];
  /** Connections piped to a destination now. */
  readonly open: number;
  /** Stops listening and cuts every connection (a proxy that dies); `startFakeSocks({ port })` revives it. */
  close(): Promise<void>;
}

export interface FakeSocksOptions {
  user?: string;
  pass?: string;
  /** Listen on this port (0: any): a proxy coming back where it was. */
  port?: number;
  /** Answer every CONNECT with this SOCKS reply code instead of connecting (2: "not allowed"). */
  reply?: number;
  /** The loopback address its onward connections leave from (its "exit address"). */
  exit?: string;
  /** Hold the CONNECT reply until the destination speaks, and send both in one packet. */
  replyWithGreeting?: boolean;
}

/**
 * A minimal SOCKS5 proxy (RFC 1928, CONNECT only, optional username/password per RFC 1929) on
 * loopback, for the SMTP_PROXY path. It refuses any destination outside 127.0.0.0/8.
 */
export async function startFakeSocks(o: FakeSocksOptions = {}): Promise<FakeSocks> {
  const auth = o.user !== undefined ? { user: o.user, pass: o.pass ?? '' } : undefined;
  const connects: string[] = [];
  let open = 0;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => {});
    let buf = Buffer.alloc(0);
    let stage: 'hello' | 'auth' | 'request' | 'piped' = 'hello';
    const onData = (chunk: Buffer) => {
      buf = Buffer.concat([buf, chunk]);
      if (stage === 'hello' && buf.length >= 2 && buf.length >= 2 + buf[1]) {
        const methods = [...buf.subarray(2, 2 + buf[1])];
        buf = buf.subarray(2 + buf[1]);
        const want = auth ? 2 : 0;
        if (!methods.includes(want)) return client.end(Buffer.from([5, 0xff]));
        client.write(Buffer.from([5, want]));
        stage = auth ? 'auth' : 'request';
      }
      if (stage === 'auth' && buf.length >= 2) {
        const ulen = buf[1];
        if (buf.length < 3 + ulen) return;
        const plen = buf[2 + ulen];
        if (buf.length < 3 + ulen + plen) return;
        const user = buf.subarray(2, 2 + ulen).toString();
        const pass = buf.subarray(3 + ulen, 3 + ulen + plen).toString();
        buf = buf.subarray(3 + ulen + plen);
        const ok = user === auth?.user && pass === auth?.pass;
        client.write(Buffer.from([1, ok ? 0 : 1]));
        if (!ok) return client.end();
        stage = 'request';
      }
      if (stage === 'request' && buf.length >= 10 && buf[3] === 1) {
        const ip = [...buf.subarray(4, 8)].join('.');
        const port = buf.readUInt16BE(8);
        buf = buf.subarray(10);
        stage = 'piped';
        client.off('data', onData);
        connects.push(`${ip}:${port}`);
        if (o.reply !== undefined) return client.end(Buffer.from([5, o.reply, 0, 1, 0, 0, 0, 0, 0, 0]));
        if (!ip.startsWith('127.')) return client.end(Buffer.from([5, 2, 0, 1, 0, 0, 0, 0, 0, 0]));
        const upstream = net.connect({ host: ip, port, localAddress: o.exit }, () => {
          open++;
          upstream.once('close', () => open--);
          const granted = Buffer.from([5, 0, 0, 1, 127, 0, 0, 1, 0, 0]);
          if (buf.length) upstream.write(buf);
          client.pipe(upstream);
          if (!o.replyWithGreeting) {
            client.write(granted);
            upstream.pipe(client);
            return;
          }
          upstream.once('data', (first) => {
            client.write(Buffer.concat([granted, first]));
            upstream.pipe(client);
          });
        });
        upstream.on('error', () => client.end(Buffer.from([5, 5, 0, 1, 0, 0, 0, 0, 0, 0])));
        client.on('close', () => upstream.destroy());
        upstream.on('close', () => client.destroy());
      }
    };
    client.on('data', onData);
  });
  await new Promise<void>((resolve) => server.listen(o.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  const cred = auth ? `${auth.user}:${auth.pass}@` : '';
  return {
    url: `socks5://${cred}127.0.0.1:${port}`,
    port,
    connects,
    get open() {
      return open;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
