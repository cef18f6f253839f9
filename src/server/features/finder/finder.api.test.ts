import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { type FinderWorld, startFinderWorld, type WorldPerson } from '../../../../tests/fakes/finder-world';
import { startFakeReceiver } from '../../../../tests/fakes/webhook-receiver';
import { apiUser, bearer } from '../../../../tests/helpers/api';
import { TestClient } from '../../../../tests/helpers/client';
import { multipartBody, uploadCsv, waitFor } from '../../../../tests/helpers/lists';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { findRecoverJob } from './jobs';

// The finder through the app: a single find answered in the request, a bulk CSV as a background job
// with its results, export and hand-over to verification, API v1 with its webhook event, the
// workspace's own addresses as evidence that never reach another workspace, and tenancy.

let world: FinderWorld;
let t: TestApp;

beforeAll(async () => {
  world = await startFinderWorld({ domains: 10, peoplePerDomain: 3, seed: 5, errorSleepMs: 300 });
  t = await createTestApp({
    work: true,
    env: { ...world.env(), DNS_TIMEOUT_MS: '1000', DNS_RETRY_S: '1', API_RATE_LIMIT_PER_MINUTE: '100000' },
  });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await world?.close();
});

const findable = (truth: WorldPerson['truth'], catchAll = false) =>
  world.people.find(
    (p) => p.truth === truth && world.domains.find((d) => d.domain === p.domain)?.catchAll === catchAll,
  );

async function signedIn(plan = 'professional') {
  const web = new TestClient(t.app);
  await web.register({ plan });
  return web;
}

async function finished(web: TestClient, id: string) {
  return waitFor(
    async () => (await web.get(`/api/finds/${id}/results?pageSize=200`)).json(),
    (p) => ['completed', 'failed', 'stopped'].includes(p.job.status),
    60_000,
  );
}

describe('single find', () => {
  it("answers a person's address as valid, with its pattern and the server's reply, and keeps it in history", async () => {
    const web = await signedIn();
    const p = findable('valid') as WorldPerson;
    const res = await web.post('/api/finds/single', {
      firstName: p.firstName,
      lastName: p.lastName,
      company: `https://www.${p.domain}/about`,
    });
    expect(res.statusCode).toBe(200);
    const { job, result } = res.json();
    expect(result).toMatchObject({ email: p.address, status: 'valid', domain: p.domain });
    expect(result.score).toBeGreaterThanOrEqual(90);
    expect(result.pattern).toMatch(/\{/);
    expect(result.evidence.smtpCode).toBe(250);
    const history = (await web.get('/api/finds')).json().jobs;
    expect(history.map((j: { id: string }) => j.id)).toContain(job.id);
    // Another workspace cannot see it.
    const other = await signedIn();
    expect((await other.get(`/api/finds/${job.id}/results`)).statusCode).toBe(404);
    expect((await other.request('DELETE', `/api/finds/${job.id}`)).statusCode).toBe(404);
  });

  it('says clearly when the company names no domain', async () => {
    const web = await signedIn();
    const res = await web.post('/api/finds/single', { fullName: 'Jane Doe', company: 'Acme Inc' });
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toMatchObject({ status: 'not_found', email: null });
    expect(res.json().result.evidence.note).toMatch(/not a domain or website/);
    expect((await web.post('/api/finds/single', { company: 'acme.test' })).statusCode).toBe(400);
  });

  it("learns a catch-all domain's pattern from the workspace's own list, and never shares it with another workspace", async () => {
    const d = world.domains.find(
      (x) => x.catchAll && x.pattern !== '{first}.{last}' && x.pattern.includes('{last}'),
    );
    if (!d) throw new Error('the world has no catch-all domain with a rarer pattern');
    const web = await signedIn();
    const colleague = `Known Colleague,${renderFor(d.pattern, 'known', 'colleague')}@${d.domain}`;
    expect((await uploadCsv(web, 'crm.csv', `name,email\n${colleague}\n`)).statusCode).toBe(201);
    const ask = { firstName: 'Zed', lastName: 'Quinn', company: d.domain };
    const mine = (await web.post('/api/finds/single', ask)).json().result;
    expect(mine).toMatchObject({ status: 'accept_all', pattern: d.pattern });
    expect(mine.evidence.source).toBe('workspace');
    expect(mine.score).toBeGreaterThanOrEqual(80);
    const theirs = (await (await signedIn()).post('/api/finds/single', ask)).json().result;
    expect(theirs.status).toBe('accept_all');
    expect(theirs.evidence.source).not.toBe('workspace');
    expect(theirs.evidence.examples).not.toContain(
      `${renderFor(d.pattern, 'known', 'colleague')}@${d.domain}`,
    );
  });
});

function renderFor(pattern: string, first: string, last: string) {
  return pattern
    .replace('{first}', first)
    .replace('{last}', last)
    .replace('{f}', first[0])
    .replace('{l}', last[0]);
}

describe('bulk find', () => {
  it('finds a CSV of people in the background, with filters, a formula-safe export, and a list to verify', async () => {
    const web = await signedIn();
    const people = world.people.slice(0, 20);
    const csv = [
      'First Name,Last Name,Website',
      '=HYPERLINK("x"),Evil,evil.test',
      ...people.map((p) => `${p.firstName},${p.lastName},${p.domain}`),
    ].join('\n');
    const { payload, headers } = multipartBody('Conference leads.csv', csv, 'file');
    const started = await web.request('POST', '/api/finds/bulk', payload, headers);
    expect(started.statusCode).toBe(201);
    const { job } = started.json();
    expect(job).toMatchObject({ kind: 'bulk', name: 'Conference leads', total: 21 });
    const page = await finished(web, job.id);
    expect(page.job.done).toBe(21);
    for (const p of people) {
      const r = page.results.find((x: { name: string }) => x.name === `${p.firstName} ${p.lastName}`);
      if (p.truth === 'valid') expect(r).toMatchObject({ status: 'valid', email: p.address });
      else expect(r.status).toBe(p.truth);
    }
    const valid = (await web.get(`/api/finds/${job.id}/results?filter=valid`)).json();
    expect(valid.results.every((r: { status: string }) => r.status === 'valid')).toBe(true);
    expect(valid.total).toBe(page.counts.valid);
    expect(page.job.found).toBe(page.counts.valid + page.counts.accept_all);

    const file = await web.get(`/api/finds/${job.id}/export.csv`);
    expect(file.headers['content-type']).toMatch(/text\/csv/);
    expect(file.body).toContain("'=HYPERLINK");
    expect(file.body.split('\r\n').filter(Boolean)).toHaveLength(22);

    const sent = await web.post(`/api/finds/${job.id}/send-to-verification`);
    expect(sent.statusCode).toBe(200);
    expect(sent.json().emailCount).toBe(page.job.found);
    const lists = (await web.get('/api/uploads')).json();
    expect(JSON.stringify(lists)).toContain(sent.json().uploadId);
  }, 90_000);

  it('refuses a CSV without a domain column, in words', async () => {
    const web = await signedIn();
    const { payload, headers } = multipartBody('names.csv', 'Name\nJane Doe\n', 'file');
    const res = await web.request('POST', '/api/finds/bulk', payload, headers);
    expect(res.statusCode).toBe(400);
    expect(res.body).toMatch(/domain or website/);
  });
});

describe('metering', () => {
  it('counts each found address, and stops a find when the plan has none left, saying why', async () => {
    const web = await signedIn('hobbyist');
    const [p, ...rest] = world.people.filter((x) => x.truth === 'valid');
    const first = (
      await web.post('/api/finds/single', { firstName: p.firstName, lastName: p.lastName, company: p.domain })
    ).json();
    const [{ workspace_id: ws }] = await t.database.raw.query<{ workspace_id: string }>(
      'SELECT workspace_id FROM find_jobs WHERE id = $1',
      [first.job.id],
    );
    const used = () =>
      t.database.raw.query<{ count: number }>(
        "SELECT count FROM usage_counters WHERE workspace_id = $1 AND kind = 'find'",
        [ws],
      );
    expect(Number((await used())[0].count)).toBe(1);
    await t.database.raw.query(
      "UPDATE usage_counters SET count = 499 WHERE workspace_id = $1 AND kind = 'find'",
      [ws],
    );
    const csv = [
      'Name,Domain',
      ...rest.slice(0, 3).map((x) => `${x.firstName} ${x.lastName},${x.domain}`),
    ].join('\n');
    const { payload, headers } = multipartBody('three.csv', csv, 'file');
    const { job } = (await web.request('POST', '/api/finds/bulk', payload, headers)).json();
    const page = await finished(web, job.id);
    expect(page.job).toMatchObject({ status: 'stopped', found: 1 });
    expect(page.job.error).toMatch(/500 found addresses/);
    expect(Number((await used())[0].count)).toBe(500);
    const refused = await web.post('/api/finds/single', { fullName: 'Ann Other', company: p.domain });
    expect(refused.statusCode).toBe(402);
  }, 90_000);
});

describe('a find whose worker died', () => {
  it('goes on with the people left once its lease has run out, keeping the answers it had', async () => {
    const web = await signedIn();
    const people = world.people.filter((p) => p.truth === 'valid').slice(0, 4);
    const csv = ['Name,Domain', ...people.map((p) => `${p.firstName} ${p.lastName},${p.domain}`)].join('\n');
    const { payload, headers } = multipartBody('died.csv', csv, 'file');
    const { job } = (await web.request('POST', '/api/finds/bulk', payload, headers)).json();
    await finished(web, job.id);
    // As a crash would leave it: running, its lease old, two people unanswered.
    await t.database.raw.query(
      "UPDATE find_jobs SET status = 'running', finished_at = NULL, heartbeat_at = now() - interval '10 minutes' WHERE id = $1",
      [job.id],
    );
    await t.database.raw.query(
      'UPDATE find_results SET status = NULL, email = NULL, finished_at = NULL WHERE job_id = $1 AND row_no > 2',
      [job.id],
    );
    const kept = (
      await t.database.raw.query<{ email: string }>(
        'SELECT email FROM find_results WHERE job_id = $1 AND row_no <= 2 ORDER BY row_no',
        [job.id],
      )
    ).map((r) => r.email);
    const ctx = {
      database: t.database,
      clock: t.clock,
      config: t.config,
      queue: t.queue,
      log: console,
      jobId: 'x',
    };
    await findRecoverJob.handle({}, ctx as never);
    const page = await finished(web, job.id);
    expect(page.job).toMatchObject({ done: 4, found: 4 });
    expect(page.results.slice(0, 2).map((r: { email: string }) => r.email)).toEqual(kept);
    expect(page.results.map((r: { email: string }) => r.email)).toEqual(people.map((p) => p.address));
  }, 90_000);
});

describe('API v1', () => {
  it('finds one person, and runs a bulk find that ends with a find.completed event', async () => {
    const u = await apiUser(t.app);
    const { token } = await u.token();
    const api = bearer(t.app, token);
    const p = findable('valid') as WorldPerson;
    const one = await api.post('/api/v1/find', {
      fullName: `${p.firstName} ${p.lastName}`,
      company: p.domain,
    });
    expect(one.statusCode).toBe(200);
    expect(one.json().result).toMatchObject({ status: 'valid', email: p.address });

    const rx = await startFakeReceiver();
    onTestFinished(() => rx.close());
    const hook = await u.web.post('/api/webhooks', { url: rx.url, events: ['find.completed'] });
    expect(hook.statusCode, hook.body).toBe(201);
    const bulk = await api.post('/api/v1/finds', {
      people: world.people
        .slice(0, 3)
        .map((x) => ({ firstName: x.firstName, lastName: x.lastName, company: x.domain })),
    });
    expect(bulk.statusCode).toBe(201);
    const id = bulk.json().job.id;
    const done = await waitFor(
      async () => (await api.get(`/api/v1/finds/${id}`)).json(),
      (b) => b.job.status === 'completed',
      60_000,
    );
    expect(done.job.done).toBe(3);
    // The event is delivered once the job says it is completed.
    const hooks = await waitFor(
      async () => rx.received.filter((h) => JSON.parse(h.body).type === 'find.completed'),
      (got) => got.length > 0,
      15_000,
    );
    expect(JSON.parse(hooks[0].body).data).toMatchObject({ findId: id, status: 'completed', done: 3 });
    expect((await api.get(`/api/v1/finds/${id}/results`)).json().results).toHaveLength(3);
  }, 90_000);
});

describe('our side failing', () => {
  it('answers a single find at once with the reason (a lying resolver), then finds it once the resolver is back', async () => {
    const web = await signedIn();
    const p = world.people.filter((x) => x.truth === 'valid').at(-1) as WorldPerson;
    world.dns.setMode('nxdomain');
    try {
      const res = await web.post('/api/finds/single', {
        firstName: p.firstName,
        lastName: p.lastName,
        company: p.domain,
      });
      expect(res.statusCode).toBe(202);
      expect(res.json().job.notice).toMatchObject({ kind: 'dns' });
      expect(res.json().result).toBeNull();
      const id = res.json().job.id;
      world.dns.setMode('normal');
      const page = await finished(web, id);
      expect(page.job.notice).toBeNull();
      expect(page.results[0]).toMatchObject({ status: 'valid', email: p.address });
    } finally {
      world.dns.setMode('normal');
    }
  }, 90_000);
});
