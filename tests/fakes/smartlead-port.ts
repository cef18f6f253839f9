import net from 'node:net';

/** A loopback URL nobody listens on (bound, then closed): requests to it fail with ECONNREFUSED. */
export async function freePortUrl(): Promise<string> {
  const port = await new Promise<number>((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
  return `http://127.0.0.1:${port}/api/v1`;
}
