import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../../../../tests/helpers/client';
import { uploadCsv } from '../../../../tests/helpers/lists';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';

// API answers are never cached, and the request log never holds a search term or a token.
let t: TestApp;
let log = '';
beforeAll(async () => {
  const stream = new PassThrough();
  stream.on('data', (chunk: Buffer) => {
    log += chunk.toString('utf8');
  });
  t = await createTestApp({ env: { LOG_LEVEL: 'info' }, logStream: stream });
});
afterAll(() => t.close());

async function withUpload() {
  const c = new TestClient(t.app);
  await c.register();
  const res = await uploadCsv(c, 'leads.csv', 'email,name\nzelda.private@example.com,Zelda\n');
  expect(res.statusCode).toBe(201);
  return { c, uploadId: res.json().uploadId as string };
}

describe('Cache-Control: no-store', () => {
  it('is on every API answer with user data, errors included', async () => {
    const { c, uploadId } = await withUpload();
    const urls = [
      '/api/user',
      '/api/uploads',
      `/api/upload/${uploadId}/status`,
      `/api/upload/${uploadId}/results?page=1`,
      `/api/upload/${uploadId}/export?type=all`,
      '/api/subscription-status',
      '/api/smartlead/settings',
      '/api/upload/00000000-0000-0000-0000-000000000000/status',
    ];
    for (const url of urls) {
      const res = await c.get(url);
      expect(res.statusCode, url).toBeLessThan(500);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
    const signedOut = await new TestClient(t.app).get('/api/user');
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.headers['cache-control']).toBe('no-store');
    const login = await c.post('/api/login', { username: 'nobody-here', password: 'whatever1' });
    expect(login.headers['cache-control']).toBe('no-store');
  });
});

describe('request log', () => {
  it('logs the request but never the search term or a token', async () => {
    const { c, uploadId } = await withUpload();
    const term = 'zelda.private';
    for (const url of [
      `/api/upload/${uploadId}/results?search=${term}&page=1`,
      `/api/upload/${uploadId}/results?page=1&Sear%63h=${term}`,
      `/api/upload/${uploadId}/results?q=${term}`,
      `/api/upload/${uploadId}/results?filter=valid&search=${encodeURIComponent(`${term}@example.com`)}`,
      `/api/uploads?token=tok_s3cr3tvalue&api_key=sk_live_abcdef`,
    ]) {
      expect((await c.get(url)).statusCode).toBeLessThan(500);
    }
    expect(log).toContain('/api/upload/:id/results?search=[redacted]&page=1');
    expect(log).toContain('filter=valid&search=[redacted]');
    for (const secret of [term, 'zelda', 'tok_s3cr3tvalue', 'sk_live_abcdef'])
      expect(log).not.toContain(secret);
  });
});

describe('request log: paths', () => {
  it("logs a route's pattern, never its path parameters (an address, an id)", async () => {
    const { c, uploadId } = await withUpload();
    await c.post('/api/suppressions', { email: '+4@pub.test' });
    expect((await c.request('DELETE', '/api/suppressions/%2B4%40pub.test')).statusCode).toBe(200);
    expect((await c.get(`/api/upload/${uploadId}/status`)).statusCode).toBe(200);
    expect(log).toContain('"method":"DELETE","url":"/api/suppressions/:email"');
    expect(log).toContain('/api/upload/:id/status');
    for (const secret of ['%2B4', '%40pub', 'pub.test', uploadId]) expect(log).not.toContain(secret);
  });

  it('keeps only the first segments of a path no route matched', async () => {
    const c = new TestClient(t.app);
    await c.register();
    expect((await c.get('/api/suppressions/alice%40hidden.test/more')).statusCode).toBe(404);
    expect((await c.get('/some-page/bob%40hidden.test?search=carol')).statusCode).toBeLessThan(600);
    expect(log).toContain('/api/suppressions/[unmatched]');
    expect(log).toContain('/some-page/[unmatched]?search=[redacted]');
    for (const secret of ['hidden.test', 'alice', 'bob', 'carol']) expect(log).not.toContain(secret);
  });
});
