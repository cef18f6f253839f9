import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { sessionCleanupJob } from '../../features/auth/jobs';
import { checkReadiness } from './readiness';

const TOKEN = 'metrics-token-for-tests';

describe('health, readiness and metrics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
  });
  afterAll(() => t?.close());

  const scrape = async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    return res.body;
  };

  it('answers liveness without touching anything and readiness after checking the database and queue', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).json()).toMatchObject({ ok: true });
    const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ ok: true, database: 'ok', queue: 'ok' });
  });

  it('reports not ready, naming the part that failed', async () => {
    const broken = {
      database: { ...t.database, db: { execute: () => Promise.reject(new Error('down')) } },
      queue: t.queue,
    } as unknown as Parameters<typeof checkReadiness>[0];
    expect(await checkReadiness(broken)).toEqual({ ok: false, database: 'down', queue: 'ok' });
  });

  it('serves metrics only to the token holder', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    const wrong = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: 'Bearer nope' },
    });
    expect(wrong.statusCode).toBe(401);
    await scrape();
  });

  it('counts HTTP requests by route pattern, and the queue depth per queue', async () => {
    await t.app.inject({ method: 'GET', url: '/api/health' });
    const jobId = await t.queue.send(sessionCleanupJob, {});
    const text = await scrape();
    // Nobody works this app's jobs: on a shared PostgreSQL database the next suite's workers would.
    await t.queue.boss.deleteJob(sessionCleanupJob.name, jobId!);
    expect(text).toMatch(
      /verilead_http_request_duration_seconds_count\{method="GET",route="\/api\/health",status="200"\} [1-9]/,
    );
    expect(text).toMatch(
      new RegExp(`verilead_queue_jobs\\{queue="${sessionCleanupJob.name}",state="queued"\\} [1-9]`),
    );
  });

  it('counts SMTP, DNS and provider calls through the hooks', async () => {
    t.metrics.engineObserver.smtpConnection('192.0.2.7');
    t.metrics.engineObserver.smtpReply('192.0.2.7', 550);
    t.metrics.engineObserver.smtpTimeout('192.0.2.7');
    t.metrics.engineObserver.dnsLookup('mx');
    t.metrics.externalCall('smartlead', 'error');
    const text = await scrape();
    expect(text).toContain('verilead_smtp_connections_total{host="192.0.2.7"} 1');
    expect(text).toContain('verilead_smtp_replies_total{host="192.0.2.7",class="5xx"} 1');
    expect(text).toContain('verilead_smtp_timeouts_total{host="192.0.2.7"} 1');
    expect(text).toContain('verilead_dns_lookups_total{kind="mx"} 1');
    expect(text).toContain('verilead_external_calls_total{service="smartlead",outcome="error"} 1');
  });
});

describe('metrics without a token', () => {
  it('has no /metrics route, and still counts job outcomes in the process', async () => {
    const t = await createTestApp({ work: true });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/metrics' });
      expect(res.statusCode).not.toBe(200);
      expect(res.body).not.toContain('verilead_');
      await t.queue.send(sessionCleanupJob, {});
      const line = `verilead_jobs_total{queue="${sessionCleanupJob.name}",outcome="completed"} 1`;
      for (let i = 0; i < 200 && !(await t.metrics.registry.metrics()).includes(line); i++) {
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(await t.metrics.registry.metrics()).toContain(line);
    } finally {
      await t.close();
    }
  });
});

// With the web app served, an unknown GET path gets the single-page app (200): /metrics however written
// must not, with a token set or not.
describe('/metrics is never the web page', () => {
  const web = mkdtempSync(path.join(tmpdir(), 'verilead-web-'));
  writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>Verilead</title>');
  afterAll(() => rmSync(web, { recursive: true, force: true }));
  const variants = [
    '/metrics/',
    '/Metrics',
    '/METRICS/',
    '//metrics',
    '/%6Detrics',
    '/metrics/x',
    '/metrics?x=1',
  ];

  it.each([
    ['without METRICS_TOKEN', {}, ['/metrics', ...variants]],
    ['with METRICS_TOKEN', { METRICS_TOKEN: TOKEN }, variants],
  ])('%s: 404, not the page', async (_, env, urls) => {
    const t = await createTestApp({ env: { ...env, SERVE_WEB: 'true', WEB_DIST_DIR: web } });
    try {
      // The control: a client-side route is the page.
      const page = await t.app.inject({ method: 'GET', url: '/find' });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<title>Verilead</title>');
      for (const url of urls) {
        const res = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${TOKEN}` } });
        // The route itself (Fastify decodes `%6D`), behind its token: the scrape, never the page.
        const route = ['/metrics?x=1', '/%6Detrics'].includes(url) && 'METRICS_TOKEN' in env;
        expect(res.statusCode, url).toBe(route ? 200 : 404);
        expect(res.body, url).not.toContain('<title>');
      }
    } finally {
      await t.close();
    }
  });
});
