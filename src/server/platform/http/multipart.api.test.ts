import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../../../../tests/helpers/client';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { MALFORMED_UPLOAD_MESSAGE } from './multipart';

// Broken multipart bodies on the upload route: a clear 400 and nothing stored, never a 500. Small batches,
// so that rows are already being written when the body breaks off.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { LISTS_BATCH_SIZE: '50' } });
});
afterAll(() => t.close());

const B = 'vlBoundary7MA4YWxkTrZu0gW';
const mp = `multipart/form-data; boundary=${B}`;
const head = `--${B}\r\nContent-Disposition: form-data; name="csvFile"; filename="leads.csv"\r\nContent-Type: text/csv\r\n\r\n`;
const csv = `email,name\n${Array.from({ length: 400 }, (_, i) => `person${i}@example.com,Person ${i}\n`).join('')}`;
const close = `\r\n--${B}--\r\n`;

const cases: [name: string, contentType: string, body: string][] = [
  ['cut in the middle of the file', mp, head + csv.slice(0, 5000)],
  ['cut after the file, before any closing boundary', mp, `${head}${csv}\r\n`],
  ['cut inside the closing boundary', mp, `${head}${csv}\r\n--${B.slice(0, 6)}`],
  ['cut inside the part headers', mp, `--${B}\r\nContent-Disposition: form-da`],
  ['no boundary parameter', 'multipart/form-data', head + csv + close],
  ['a boundary that never appears', 'multipart/form-data; boundary=somethingElse', head + csv + close],
  ['an empty boundary', 'multipart/form-data; boundary=', head + csv + close],
  ['an over-long boundary', `multipart/form-data; boundary=${'b'.repeat(300)}`, head + csv + close],
];

async function storedUploads(c: TestClient) {
  const username = (await c.get('/api/user')).json().username as string;
  const [row] = await t.database.raw.query<{ uploads: number; rows: number }>(
    `SELECT (SELECT count(*)::int FROM uploads u JOIN users s ON s.id = u.workspace_id WHERE s.username = $1) AS uploads,
            (SELECT count(*)::int FROM upload_rows r JOIN uploads u ON u.id = r.upload_id
               JOIN users s ON s.id = u.workspace_id WHERE s.username = $1) AS rows`,
    [username],
  );
  return row;
}

describe('malformed multipart bodies', () => {
  it.each(cases)('%s → 400 with a clear message, nothing stored', async (_name, contentType, body) => {
    const c = new TestClient(t.app);
    await c.register();
    const res = await c.request('POST', '/api/upload', body, { 'content-type': contentType });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'bad_request', message: MALFORMED_UPLOAD_MESSAGE });
    expect(await storedUploads(c)).toEqual({ uploads: 0, rows: 0 });
    expect((await c.get('/api/uploads')).json()).toEqual([]);
  });

  it('the same body, complete, is stored (the cases above fail only for being broken)', async () => {
    const c = new TestClient(t.app);
    await c.register();
    const res = await c.request('POST', '/api/upload', head + csv + close, { 'content-type': mp });
    expect(res.statusCode).toBe(201);
    expect(res.json().totalEmails).toBe(400);
    expect(await storedUploads(c)).toEqual({ uploads: 1, rows: 400 });
  });
});
