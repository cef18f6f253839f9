import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../../../../tests/helpers/client';
import { uploadCsv } from '../../../../tests/helpers/lists';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { MAX_CSV_BYTES } from '../../../shared/lists';
import { hasSearchIndex, searchRows, storedSearchText } from './search-index';
import { buildTextIndex, findRows } from './text-index';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function signedIn() {
  const c = new TestClient(t.app);
  await c.register();
  return c;
}

async function uploadCount(c: TestClient) {
  return ((await c.get('/api/uploads')).json() as unknown[]).length;
}

describe('POST /api/upload', () => {
  it('stores a CSV and answers uploadId, totalEmails and a preview keyed by the original headers', async () => {
    const c = await signedIn();
    const csv =
      'Name,Email,Company,Notes\nAda Lovelace,ada@example.com,Analytical,first\nAlan,alan@example.org,Bletchley,\n';
    const res = await uploadCsv(c, 'leads.csv', csv);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.totalEmails).toBe(2);
    expect(body.uploadId).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.preview[0]).toEqual({
      Name: 'Ada Lovelace',
      Email: 'ada@example.com',
      Company: 'Analytical',
      Notes: 'first',
    });
    expect(body.emailColumn).toBe('Email');
    expect(body.nameColumn).toBe('Name');
    expect(body.companyColumn).toBe('Company');
    const list = (await c.get('/api/uploads')).json();
    expect(list[0]).toMatchObject({
      id: body.uploadId,
      originalName: 'leads.csv',
      status: 'pending',
      processingProgress: 0,
    });
    expect(list[0].stats).toEqual({ total: 2, valid: 0, invalid: 0, risky: 0, pending: 2 });
  });

  it('reads semicolon-delimited files with a BOM and a quoted newline', async () => {
    const c = await signedIn();
    const csv =
      '\uFEFFcontact;mail address;firma\n"Line one\nline two";x@example.com;"A; B"\nBob;bob@example.com;C\n';
    const res = await uploadCsv(c, 'semi.CSV', csv);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.totalEmails).toBe(2);
    expect(Object.keys(body.preview[0])).toEqual(['contact', 'mail address', 'firma']);
    expect(body.preview[0].contact).toBe('Line one\nline two');
    expect(body.preview[0].firma).toBe('A; B');
    expect(body.emailColumn).toBe('mail address');
  });

  it('answers once the list is searchable, with the same index as one read back from the stored rows', async () => {
    const c = await signedIn();
    const csv = [
      'first,last,email,company',
      '"Ann\nMarie",Lee,ANN@Example.COM,"Acme\u0001 Ltd"',
      'Ürsula,Öz,ursula@example.com,',
      ',,,skipped (no address)',
      'Bob,,bob@example.com,Bobs\tBikes',
      'Ann,Lee,ann@example.com,Acme',
    ].join('\n');
    const { uploadId } = (await uploadCsv(c, 'search.csv', csv)).json();
    expect(hasSearchIndex(uploadId)).toBe(true);
    const readBack = await buildTextIndex(await storedSearchText(t.database.db, uploadId));
    for (const needle of [
      'ann',
      'marie',
      'ann marie',
      'acme',
      'acme  ltd',
      ' ltd',
      'ürsula',
      'öz',
      'bob',
      'example.com',
      'x',
    ]) {
      const built = [...(await searchRows({ db: t.database.db, uploadId, search: needle }))];
      expect(built, needle).toEqual([...findRows(readBack, needle)]);
    }
    expect([...(await searchRows({ db: t.database.db, uploadId, search: 'ANN' }))]).toEqual([0, 3]);
  });

  it('finds the email column by content when no header names it, and reads header-less files', async () => {
    const c = await signedIn();
    const byContent = await uploadCsv(c, 'a.csv', 'who,contact\nAnn,ann@example.com\nBen,ben@example.com\n');
    expect(byContent.statusCode).toBe(201);
    expect(byContent.json().emailColumn).toBe('contact');
    const headerless = await uploadCsv(c, 'b.csv', 'ann@example.com\nben@example.com\ncid@example.com\n');
    expect(headerless.statusCode).toBe(201);
    expect(headerless.json().totalEmails).toBe(3);
  });

  it('rejects a file that is not .csv, with nothing stored', async () => {
    const c = await signedIn();
    const res = await uploadCsv(c, 'leads.xlsx', 'email\na@example.com\n');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: 'Please select a .csv file',
    });
    expect(await uploadCount(c)).toBe(0);
  });

  it('rejects 10 MB + 1 byte with the size message, with nothing stored', async () => {
    const c = await signedIn();
    const line = `someone@example.com,${'n'.repeat(1000)}\n`;
    let body = `email,note\n${line.repeat(Math.floor((MAX_CSV_BYTES - 100) / line.length))}`;
    body += 'x'.repeat(MAX_CSV_BYTES + 1 - Buffer.byteLength(body));
    expect(Buffer.byteLength(body)).toBe(MAX_CSV_BYTES + 1);
    const res = await uploadCsv(c, 'big.csv', body);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('File size must be less than 10MB');
    expect(await uploadCount(c)).toBe(0);
    const count = await t.database.raw.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM uploads WHERE workspace_id = (SELECT id FROM users WHERE username = $1)`,
      [(await c.get('/api/user')).json().username],
    );
    expect(Number(count[0].n)).toBe(0);
  });

  it('accepts exactly 10 MB', async () => {
    const c = await signedIn();
    const line = `someone@example.com,${'n'.repeat(1000)}\n`;
    let body = `email,note\n${line.repeat(Math.floor((MAX_CSV_BYTES - 100) / line.length))}`;
    body += `last@example.com${' '.repeat(MAX_CSV_BYTES - Buffer.byteLength(body) - 'last@example.com'.length)}`;
    expect(Buffer.byteLength(body)).toBe(MAX_CSV_BYTES);
    const res = await uploadCsv(c, 'exact.csv', body);
    expect(res.statusCode).toBe(201);
  });

  it('answers a clear 400 for no email column, an empty file, headers only and binary data', async () => {
    const c = await signedIn();
    const noEmail = await uploadCsv(c, 'n.csv', 'name,company\nAnn,Acme\nBen,Beta\n');
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.json().message).toMatch(/No email column found/);
    const empty = await uploadCsv(c, 'e.csv', '');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toMatch(/empty/);
    const headersOnly = await uploadCsv(c, 'h.csv', 'email,name\n');
    expect(headersOnly.statusCode).toBe(400);
    expect(headersOnly.json().message).toMatch(/no data rows/);
    const binary = await uploadCsv(
      c,
      'x.csv',
      Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0, 0x14, 0, 0xff, 0x10]),
    );
    expect(binary.statusCode).toBe(400);
    expect(binary.json().message).toMatch(/not a CSV/);
    expect(await uploadCount(c)).toBe(0);
  });

  it('needs the csvFile field and a signed-in user', async () => {
    const c = await signedIn();
    const wrongField = await uploadCsv(c, 'a.csv', 'email\na@example.com\n', 'file');
    expect(wrongField.statusCode).toBe(400);
    const anon = new TestClient(t.app);
    const res = await uploadCsv(anon, 'a.csv', 'email\na@example.com\n');
    expect(res.statusCode).toBe(401);
  });

  it('keeps duplicates as rows and rows wider than the header', async () => {
    const c = await signedIn();
    const res = await uploadCsv(
      c,
      'd.csv',
      'email\nA@example.com\na@example.com,extra\n ,no address\nb@example.com\n',
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().totalEmails).toBe(3);
    expect(res.json().skippedRows).toBe(1);
    expect(res.json().headers).toEqual(['email', 'extra_1']);
  });
});
