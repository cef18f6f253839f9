import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { startFakeSmtp } from '../../../../tests/fakes/smtp';
import { startFakeSocks } from '../../../../tests/fakes/smtp-socks';
import { ConfigError, loadConfig } from '../../platform/config';
import { parseProxyList } from './proxy-list';
import { openSocket, ProxyDownError, SmtpConnectionError } from './smtp/socket';

// SMTP_PROXY as written: one proxy as before, or a list with routes; refused at boot in words.

const problems = (value: string): string[] => {
  try {
    loadConfig({ SMTP_PROXY: value });
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
  return [];
};

describe('SMTP_PROXY', () => {
  it('one proxy, as before', () => {
    expect(parseProxyList('socks5://u:p%40ss@10.0.0.1:1080')).toEqual([
      { name: '10.0.0.1:1080', host: '10.0.0.1', port: 1080, user: 'u', password: 'p@ss', provider: null },
    ]);
    expect(problems('socks5://10.0.0.1:1080')).toEqual([]);
    expect(parseProxyList(undefined)).toEqual([]);
  });

  it('a list, each proxy optionally given to a mail provider', () => {
    const list = parseProxyList(
      'microsoft=socks5://10.0.0.1:1080, socks5://10.0.0.2:1081,socks5://[::1]:9050',
    );
    expect(list.map((p) => [p.provider, p.name])).toEqual([
      ['microsoft', '10.0.0.1:1080'],
      [null, '10.0.0.2:1081'],
      [null, '[::1]:9050'],
    ]);
    expect(list[2].host).toBe('::1');
  });

  it('is refused at boot with what is wrong, never echoing credentials', () => {
    expect(problems('socks5://u:secret@proxy.example.com:1080')).toEqual([
      expect.stringMatching(/^SMTP_PROXY: the proxy must name its proxy by IP address, not by host name/),
    ]);
    expect(problems('hotmail=socks5://10.0.0.1:1080,socks5://10.0.0.2:1080')[0]).toMatch(
      /^SMTP_PROXY: proxy 1 of 2 names a mail provider a proxy cannot carry \(use one of google, microsoft, /,
    );
    expect(problems('http://10.0.0.1:3128')).toEqual([
      expect.stringMatching(/^SMTP_PROXY: the proxy is not a SOCKS5 proxy \(only socks5:\/\/ is supported\)/),
    ]);
    expect(problems('u:secret@10.0.0.1')[0]).not.toContain('secret');
    expect(problems('microsoft=socks5://10.0.0.1:1080')).toEqual([
      'SMTP_PROXY: every proxy is given to a provider: add one without "provider=" for the rest of the mail',
    ]);
  });

  // A password with the list's separators (comma, space) is cut in two; one with `/`, `#` or `?` does not
  // read as a URL. No part of the value reaches the message, in any of them.
  it.each([
    'socks5://prxlogin:s3c,r3t@10.0.0.1:1080',
    'socks5://prxlogin:s3c r3t@10.0.0.1:1080',
    'socks5://prxlogin:s3c/r3t@10.0.0.1:1080',
    'socks5://prxlogin:s3c#r3t@10.0.0.1:1080',
    'socks5://prxlogin:s3c?r3t@10.0.0.1:1080',
    'socks5://prxlogin:s3c,microsoftx=r3t@10.0.0.1:1080',
    'socks5://prxlogin:s3c,https://r3t@10.0.0.1:1080',
    'socks5://prxlogin:s3c,socks5://r3t@db.internal:1080',
  ])('%s: which variable and what is wrong, never the value', (value) => {
    const found = problems(value);
    expect(found.length).toBeGreaterThan(0);
    for (const p of found) {
      expect(p).toMatch(/^SMTP_PROXY: /);
      expect(p).not.toMatch(/s3c|r3t|prxlogin|microsoftx|https|db\.internal|10\.0\.0\.1/);
    }
    expect(found.join('\n')).toMatch(/percent-encode/);
  });
});

describe("the SOCKS reply tells the proxy's failure from the mail server's", () => {
  const ip = '127.0.0.1';
  const route = (url: string) => parseProxyList(url)[0];

  it('a proxy that does not listen, or refuses its job, is down', async () => {
    const gone = await startFakeSocks();
    await gone.close();
    const refusing = await startFakeSocks({ reply: 2 }); // "connection not allowed by ruleset"
    try {
      for (const url of [gone.url, refusing.url]) {
        const err = await openSocket({ ip, port: 25, timeoutMs: 1000, proxy: route(url) }).catch((e) => e);
        expect(err).toBeInstanceOf(ProxyDownError);
      }
    } finally {
      await refusing.close();
    }
  });

  it('a wrong password is the proxy refusing us', async () => {
    const socks = await startFakeSocks({ user: 'u', pass: 'right' });
    try {
      const url = socks.url.replace('u:right@', 'u:wrong@');
      const err = await openSocket({ ip, port: 25, timeoutMs: 1000, proxy: route(url) }).catch((e) => e);
      expect(err).toBeInstanceOf(ProxyDownError);
    } finally {
      await socks.close();
    }
  });

  it('a mail server refusing the connection behind the proxy is the server, as a direct one would be', async () => {
    const socks = await startFakeSocks();
    // A port where nothing listens: the proxy answers "connection refused" (SOCKS reply 5).
    const free = net.createServer();
    await new Promise<void>((r) => free.listen(0, ip, r));
    const port = (free.address() as net.AddressInfo).port;
    await new Promise((r) => free.close(r));
    try {
      const err = await openSocket({ ip, port, timeoutMs: 1000, proxy: route(socks.url) }).catch((e) => e);
      expect(err).toBeInstanceOf(SmtpConnectionError);
      expect(err).not.toBeInstanceOf(ProxyDownError);
      expect(err).toMatchObject({ phase: 'connect', timeout: false });
    } finally {
      await socks.close();
    }
  });

  it("the server's greeting sent with the proxy's reply is not lost", async () => {
    const smtp = await startFakeSmtp({ host: ip });
    const socks = await startFakeSocks({ replyWithGreeting: true });
    try {
      const socket = await openSocket({ ip, port: smtp.port, timeoutMs: 1000, proxy: route(socks.url) });
      socket.resume();
      const banner = await new Promise<string>((r) => socket.once('data', (b) => r(b.toString())));
      socket.destroy();
      expect(banner).toMatch(/^220 /);
    } finally {
      await Promise.all([socks.close(), smtp.close()]);
    }
  });
});
