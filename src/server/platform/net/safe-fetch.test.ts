import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normaliseWebsite, safeFetchText, UnsafeUrlError } from './safe-fetch';

// A loopback "website": / answers a page with an address, /redirect-* send elsewhere, /big is huge.
let server: http.Server;
let base: string;
beforeAll(async () => {
  server = http.createServer((req, res) => {
    const port = (server.address() as AddressInfo).port;
    const go = (to: string) => res.writeHead(302, { location: to }).end();
    if (req.url === '/redirect-private') return go('http://10.0.0.7/admin');
    if (req.url === '/redirect-metadata') return go('http://169.254.169.254/latest/meta-data/');
    if (req.url === '/redirect-mapped') return go('http://[::ffff:192.168.1.1]/');
    if (req.url === '/redirect-local') return go(`http://127.0.0.1:${port}/`);
    if (req.url === '/redirect-ftp') return go('ftp://files.example.net/');
    if (req.url === '/loop') return go('/loop');
    if (req.url === '/big') {
      res.writeHead(200, { 'content-type': 'text/html' });
      return res.end(`<p>${'x'.repeat(700_000)}</p>`);
    }
    if (req.url === '/slow') return; // never answers
    res.writeHead(200, { 'content-type': 'text/html' }).end('<a href="mailto:hi@shop.com">mail</a>');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

describe('safeFetchText with the default (loopback closed)', () => {
  it.each([
    () => `${base}/`,
    () => 'http://localhost:1/',
    () => 'http://[::1]:1/',
    () => 'http://[::ffff:127.0.0.1]:1/',
    () => 'http://[::7f00:1]:1/',
    () => 'http://[::a9fe:a9fe]/latest/meta-data/',
    () => 'http://[64:ff9b::a9fe:a9fe]/',
    () => 'http://[2002:a9fe:a9fe::1]/',
    () => 'http://169.254.169.254/latest/meta-data/',
    () => 'http://10.1.2.3/',
    () => 'http://0x7f000001/',
    () => 'http://2130706433/',
    () => 'file:///etc/passwd',
    () => 'gopher://127.0.0.1/',
    () => 'http://user:pass@8.8.8.8/',
  ])('refuses %#', async (url) => {
    await expect(safeFetchText(url())).rejects.toBeInstanceOf(UnsafeUrlError);
  });

  it('refuses a name whose DNS answer is private, or mixes public and private answers', async () => {
    const resolve = async (host: string) =>
      host === 'mixed.test'
        ? [
            { address: '93.184.216.34', family: 4 },
            { address: '10.0.0.9', family: 4 },
          ]
        : [{ address: '192.168.7.7', family: 4 }];
    await expect(safeFetchText('http://rebind.test/', { resolve })).rejects.toThrow(/not a public address/);
    await expect(safeFetchText('http://mixed.test/', { resolve })).rejects.toThrow(/10\.0\.0\.9/);
  });
});

describe('safeFetchText with the test-only loopback opening', () => {
  const opts = { allowLoopback: true };
  it('reads a page', async () => {
    const res = await safeFetchText(`${base}/`, opts);
    expect(res.status).toBe(200);
    expect(res.body).toContain('mailto:hi@shop.com');
  });
  it('follows a redirect to an allowed place', async () => {
    const res = await safeFetchText(`${base}/redirect-local`, opts);
    expect(res.body).toContain('hi@shop.com');
  });
  it.each(['/redirect-private', '/redirect-metadata', '/redirect-mapped', '/redirect-ftp'])(
    'refuses a redirect %s',
    async (path) => {
      await expect(safeFetchText(`${base}${path}`, opts)).rejects.toBeInstanceOf(UnsafeUrlError);
    },
  );
  it('stops redirect loops', async () => {
    await expect(safeFetchText(`${base}/loop`, opts)).rejects.toThrow(/Too many redirects/);
  });
  it('caps the size', async () => {
    const res = await safeFetchText(`${base}/big`, { ...opts, maxBytes: 1024 });
    expect(res.truncated).toBe(true);
    expect(res.body.length).toBe(1024);
  });
  it('caps the time', async () => {
    await expect(safeFetchText(`${base}/slow`, { ...opts, timeoutMs: 200 })).rejects.toThrow(/Timed out/);
  });
});

describe('normaliseWebsite', () => {
  it('adds a scheme to bare domains and rejects junk', () => {
    expect(normaliseWebsite('studio.com/links')).toBe('https://studio.com/links');
    expect(normaliseWebsite('http://a.com')).toBe('http://a.com/');
    expect(normaliseWebsite('')).toBeNull();
    expect(normaliseWebsite('ht tp://bad url')).toBeNull();
  });
});
