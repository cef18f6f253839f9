import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FinderWorld, startFinderWorld } from '../../../../tests/fakes/finder-world';
import { TestClient } from '../../../../tests/helpers/client';
import { multipartBody, waitFor } from '../../../../tests/helpers/lists';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';

// Found addresses carried as heard: "Send to verification" puts the finder's addresses
// into a list with the verdict, evidence and time the finder heard, and the mail server is asked
// again only about an address heard longer ago than the re-verification window.

let world: FinderWorld;
let t: TestApp;

beforeAll(async () => {
  world = await startFinderWorld({ domains: 6, peoplePerDomain: 3, seed: 23, catchAll: 0, specialPeople: 0 });
  t = await createTestApp({ work: true, env: { ...world.env(), DNS_TIMEOUT_MS: '1000', DNS_RETRY_S: '1' } });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await world?.close();
});

const rcptsFor = (emails: string[]) =>
  Object.values(world.hosts).reduce((n, h) => n + h.stats.rcpts.filter((r) => emails.includes(r)).length, 0);

async function findAndSend(web: TestClient) {
  const people = world.people.filter((p) => p.truth === 'valid').slice(0, 5);
  const csv = ['Name,Domain', ...people.map((p) => `${p.firstName} ${p.lastName},${p.domain}`)].join('\n');
  const { payload, headers } = multipartBody('heard.csv', csv, 'file');
  const { job } = (await web.request('POST', '/api/finds/bulk', payload, headers)).json();
  await waitFor(
    async () => (await web.get(`/api/finds/${job.id}/results?pageSize=200`)).json(),
    (p) => ['completed', 'failed', 'stopped'].includes(p.job.status),
    60_000,
  );
  const emails = people.map((p) => p.address as string);
  return { jobId: job.id as string, emails };
}

async function sendAndWait(web: TestClient, jobId: string) {
  const sent = await web.post(`/api/finds/${jobId}/send-to-verification`);
  expect(sent.statusCode).toBe(200);
  const uploadId = sent.json().uploadId as string;
  const status = await waitFor(
    async () => (await web.get(`/api/upload/${uploadId}/status`)).json(),
    (s) => s.status === 'completed' || s.status === 'failed',
    30_000,
  );
  return { uploadId, status };
}

describe('found addresses sent to verification', () => {
  it('enter the list as the finder heard them, without asking the server again', async () => {
    const web = new TestClient(t.app);
    await web.register({ plan: 'professional' });
    const { jobId, emails } = await findAndSend(web);
    const before = rcptsFor(emails);
    expect(before).toBeGreaterThanOrEqual(emails.length);
    const { uploadId, status } = await sendAndWait(web, jobId);
    expect(status.status).toBe('completed');
    expect(rcptsFor(emails)).toBe(before);
    const rows = (await web.get(`/api/upload/${uploadId}/results?page=1&filter=all`)).json().results;
    expect(rows).toHaveLength(emails.length);
    for (const r of rows) expect(r).toMatchObject({ status: 'valid', decidedBy: 'finder', attempts: 0 });
  }, 120_000);

  it('asks the server again about an address heard longer ago than the re-verification window', async () => {
    const web = new TestClient(t.app);
    await web.register({ plan: 'professional' });
    const { jobId, emails } = await findAndSend(web);
    const before = rcptsFor(emails);
    // Heard 15 days ago: older than the re-verification window (REVERIFY_AFTER_DAYS, 14).
    await t.database.raw.query(
      "UPDATE find_results SET finished_at = finished_at - interval '15 days' WHERE job_id = $1",
      [jobId],
    );
    await sendAndWait(web, jobId);
    expect(rcptsFor(emails)).toBeGreaterThanOrEqual(before + emails.length);
  }, 120_000);
});
