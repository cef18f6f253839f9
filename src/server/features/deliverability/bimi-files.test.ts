import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeHttpsHost, startFakeHttpsHost, TEST_HTTPS_CERT } from '../../../../tests/fakes/https-host';
import { httpsFetcher } from './https-fetch';
import { checkBimi } from './protocols';
import type { DomainResolver, Lookup } from './resolver';

// BIMI's logo (SVG Tiny PS) and certificate, fetched from a fake HTTPS host on loopback (decision 0910).

const at = (p: string) => `https://logo.bimi.test/${p}`;
const RECORDS: Record<string, string> = {
  'default._bimi.good.test': `v=BIMI1; l=${at('logo.svg')}; a=${at('vmc.pem')}`,
  'default._bimi.nocert.test': `v=BIMI1; l=${at('logo.svg')}`,
  'default._bimi.plain.test': `v=BIMI1; l=${at('plain.svg')}; a=${at('vmc.pem')}`,
  'default._bimi.script.test': `v=BIMI1; l=${at('script.svg')}; a=${at('vmc.pem')}`,
  'default._bimi.oblong.test': `v=BIMI1; l=${at('oblong.svg')}; a=${at('vmc.pem')}`,
  'default._bimi.badcert.test': `v=BIMI1; l=${at('logo.svg')}; a=${at('vmc.txt')}`,
  'default._bimi.gone.test': `v=BIMI1; l=${at('gone.svg')}; a=${at('vmc.pem')}`,
};
const none = { ok: false, none: true, code: 'ENOTFOUND' } as const;
const resolver: DomainResolver = {
  txt: async (name): Promise<Lookup<string[]>> =>
    RECORDS[name] ? { ok: true, records: [RECORDS[name]] } : none,
  mx: async () => none,
  a: async () => ({ ok: true, records: ['127.0.0.1'] }),
  cname: async () => none,
  ptr: async () => none,
};

const svg = (attrs: string, inner: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg" ${attrs}>${inner}</svg>`;
const TINY = 'version="1.2" baseProfile="tiny-ps" viewBox="0 0 100 100"';

let host: FakeHttpsHost;
beforeAll(async () => {
  const type = 'image/svg+xml';
  host = await startFakeHttpsHost({
    'logo.bimi.test/logo.svg': {
      type,
      body: svg(TINY, '<title>Acme</title><circle cx="50" cy="50" r="40"/>'),
    },
    'logo.bimi.test/plain.svg': { type, body: svg('viewBox="0 0 100 100"', '<circle r="4"/>') },
    'logo.bimi.test/script.svg': {
      type,
      body: svg(TINY, '<title>Acme</title><script>alert(1)</script><image href="https://x.test/a.png"/>'),
    },
    'logo.bimi.test/oblong.svg': {
      type,
      body: svg('version="1.2" baseProfile="tiny-ps" viewBox="0 0 200 100"', '<title>Acme</title>'),
    },
    'logo.bimi.test/vmc.pem': { body: TEST_HTTPS_CERT },
    'logo.bimi.test/vmc.txt': { body: 'hello' },
  });
});
afterAll(() => host.close());

const check = (domain: string) =>
  checkBimi({
    resolver,
    domain,
    fetch: httpsFetcher({ resolver, allowLoopback: true, port: host.port, extraCa: TEST_HTTPS_CERT }),
  });
const all = (c: { summary: string; notes?: string[] }) => [c.summary, ...(c.notes ?? [])].join('\n');

describe('BIMI logo and certificate', () => {
  it('passes an SVG Tiny PS logo with a reachable PEM certificate, saying what is not verified', async () => {
    const c = await check('good.test');
    expect(c.status).toBe('pass');
    expect(c.summary).toContain('not verified');
  });

  it('warns without a certificate', async () => {
    const c = await check('nocert.test');
    expect(c.status).toBe('warn');
    expect(c.summary).toContain('a=');
  });

  it('fails a plain SVG: no tiny-ps profile, no version 1.2, no title', async () => {
    const c = await check('plain.test');
    expect(c.status).toBe('fail');
    expect(all(c)).toMatch(/tiny-ps[\s\S]*1\.2[\s\S]*<title>/);
  });

  it('fails script and outside references', async () => {
    const c = await check('script.test');
    expect(c.status).toBe('fail');
    expect(all(c)).toMatch(/script[\s\S]*outside itself/);
  });

  it('warns on a logo that is not square', async () => {
    const c = await check('oblong.test');
    expect(c.status).toBe('warn');
    expect(c.summary).toContain('not square');
  });

  it('fails a certificate that is not PEM, and a logo that is not there', async () => {
    expect((await check('badcert.test')).summary).toContain('not a PEM certificate');
    const gone = await check('gone.test');
    expect(gone.status).toBe('fail');
    expect(gone.summary).toContain('HTTP 404');
  });
});
