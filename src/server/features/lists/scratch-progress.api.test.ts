import { afterAll, beforeAll, it } from 'vitest';
import { startWorld, type World } from '../../../../tests/fakes/smtp-world';
import { TestClient } from '../../../../tests/helpers/client';
import { uploadCsv } from '../../../../tests/helpers/lists';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';

const TAG = Math.random().toString(36).slice(2, 8);
const rows = Array.from({ length: 200 }, (_, i) => `u${i}.${TAG}@slow.test`);
let w: World;
let t: TestApp;
beforeAll(async () => {
  w = await startWorld({ 'slow.test': { mailboxes: rows.filter((_, i) => i % 2 === 0), latencyMs: 300 } });
  t = await createTestApp({ work: true, env: { ...w.env() } });
});
afterAll(async () => {
  await t?.close();
  await w?.close();
});
it('observe', async () => {
  const c = new TestClient(t.app);
  await c.register();
  const { uploadId } = (await uploadCsv(c, 's.csv', ['email', ...rows].join('\n'))).json();
  await c.post(`/api/verify/${uploadId}`);
  const t0 = Date.now();
  const seen: string[] = [];
  for (;;) {
    const s = (await c.get(`/api/upload/${uploadId}/status`)).json();
    const line = `${s.status} s1=${s.step1Count} s2=${s.step2Count}/${s.step2Total}`;
    if (seen.at(-1)?.split(' @')[0] !== line) seen.push(`${line} @${Date.now() - t0}`);
    if (s.status !== 'processing') break;
    await new Promise((r) => setTimeout(r, 100));
  }
  console.log(seen.join('\n'));
}, 60_000);
