import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeDns, startFakeDns } from '../../../../tests/fakes/dns';
import { createVerifier } from './verifier';

let dns: FakeDns;
beforeAll(async () => {
  dns = await startFakeDns({
    zone: {
      'good.test': { MX: [{ preference: 10, exchange: 'mx.good.test' }] },
      'nullmx.test': { MX: [{ preference: 0, exchange: '.' }] },
      'implicit.test': { A: ['127.0.0.9'] },
      'implicit6.test': { AAAA: ['::1'] },
      'nomail.test': {},
      'broken.test': 'SERVFAIL',
      'slow.test': 'TIMEOUT',
      'mailinator.com': { MX: [{ preference: 10, exchange: 'mx.mailinator.com' }] },
      'burner.test': { MX: [{ preference: 10, exchange: 'mx.burner.test' }] },
      'gmail.com': { MX: [{ preference: 5, exchange: 'gmail-smtp-in.l.google.com' }] },
      'xn--bcher-kva.test': { MX: [{ preference: 10, exchange: 'mx.xn--bcher-kva.test' }] },
    },
  });
});
afterAll(() => dns.close());

const verifier = (extra: Parameters<typeof createVerifier>[0] = {}) =>
  createVerifier({ dnsServers: [dns.server], dnsTimeoutMs: 150, dnsTries: 1, ...extra });

describe('step 1 outcome rows (VERIFICATION.md)', () => {
  it.each([
    ['not an address', 'invalid', 'syntax'],
    ['a@@good.test', 'invalid', 'syntax'],
    ['someone@nowhere.test', 'invalid', 'no_domain'],
    ['someone@nullmx.test', 'invalid', 'null_mx'],
    ['someone@nomail.test', 'invalid', 'no_mail_host'],
    ['someone@mailinator.com', 'risky', 'disposable'],
    ['someone@good.test', 'valid', null],
    ['someone@implicit.test', 'valid', null],
    ['someone@implicit6.test', 'valid', null],
    ['someone@broken.test', 'risky', 'dns_error'],
    ['someone@slow.test', 'risky', 'dns_error'],
  ])('%s → %s %s', async (email, status, reason) => {
    const v = verifier();
    const [r] = await v.checkStep1([email]);
    expect(r.status).toBe(status);
    expect(r.reason).toBe(reason);
    expect(r.quality).toBe(status === 'valid' ? 'good' : status === 'invalid' ? 'bad' : 'risky');
    await v.close();
  });

  it('uses the domain itself as implicit MX, and the lowest-preference MX otherwise', async () => {
    const v = verifier();
    const [a, b] = await v.checkStep1(['x@implicit.test', 'x@good.test']);
    expect(a.mxHost).toBe('implicit.test');
    expect(b.mxHost).toBe('mx.good.test');
    await v.close();
  });

  it('keeps flags on every row: role, free, suggestion, normalized', async () => {
    const v = verifier();
    const [info, free, typo, upper] = await v.checkStep1([
      'info@good.test',
      'jane@gmail.com',
      'jane@gmial.com',
      'Jane.Doe@GOOD.Test',
    ]);
    expect(info).toMatchObject({ role: true, free: false, status: 'valid' });
    expect(free).toMatchObject({ role: false, free: true, status: 'valid' });
    expect(typo).toMatchObject({ suggestion: 'jane@gmail.com', status: 'invalid', reason: 'no_domain' });
    expect(upper.normalized).toBe('Jane.Doe@good.test');
    expect(free.suggestion).toBeNull();
    await v.close();
  });

  it('accepts IDN domains and looks them up in punycode', async () => {
    const v = verifier();
    const [r] = await v.checkStep1(['anna@Bücher.test']);
    expect(r).toMatchObject({
      status: 'valid',
      domain: 'xn--bcher-kva.test',
      normalized: 'anna@bücher.test',
    });
    await v.close();
  });

  it('honours the disposable override file (add and remove)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'disp-'));
    const file = join(dir, 'override.txt');
    writeFileSync(file, '# ours\nburner.test\n!mailinator.com\n');
    const v = verifier({ disposableOverrideFile: file });
    const [a, b] = await v.checkStep1(['x@burner.test', 'x@mailinator.com']);
    expect(a).toMatchObject({ status: 'risky', reason: 'disposable', disposable: true });
    expect(b).toMatchObject({ status: 'valid', disposable: false });
    await v.close();
  });

  it('looks each distinct domain up once per run, across batches and duplicates, negative answers too', async () => {
    const v = verifier();
    const before = { good: dns.count('MX', 'good.test'), nx: dns.count('MX', 'unknown-once.test') };
    const batch = ['a@good.test', 'b@good.test', 'a@good.test', 'x@unknown-once.test', 'y@unknown-once.test'];
    const r1 = await v.checkStep1(batch);
    const r2 = await v.checkStep1(batch);
    expect(r1.map((r) => r.status)).toEqual(['valid', 'valid', 'valid', 'invalid', 'invalid']);
    expect(r2).toEqual(r1);
    expect(dns.count('MX', 'good.test') - before.good).toBe(1);
    expect(dns.count('MX', 'unknown-once.test') - before.nx).toBe(1);
    await v.close();
  });

  it('keeps DNS concurrency bounded (DNS_CONCURRENCY)', async () => {
    const slow = await startFakeDns({
      resolve: () => ({ MX: [{ preference: 1, exchange: 'mx.x.test' }] }),
      delayMs: 20,
    });
    const v = createVerifier({ dnsServers: [slow.server], dnsConcurrency: 4 });
    const results = await v.checkStep1(Array.from({ length: 40 }, (_, i) => `a@d${i}.test`));
    await v.close();
    await slow.close();
    expect(results.every((r) => r.status === 'valid')).toBe(true);
    expect(slow.inFlight.max).toBeLessThanOrEqual(4);
    expect(slow.inFlight.max).toBeGreaterThan(1);
  });

  it('reports duplicates on each row', async () => {
    const v = verifier();
    const rows = await v.checkStep1(['dup@good.test', 'other@good.test', 'dup@good.test']);
    expect(rows[0]).toEqual(rows[2]);
    expect(rows[0].input).toBe('dup@good.test');
    await v.close();
  });
});
