import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorld, type World } from '../../tests/fakes/smtp-world';
import { RESULT_CSV_COLUMNS } from '../shared/verification';

const run = promisify(execFile);
let w: World;
let dir: string;

beforeAll(async () => {
  w = await startWorld({
    'acme.test': { mailboxes: ['jane@acme.test', 'sales@acme.test'] },
    'wild.test': { catchAll: true },
    'grey.test': { mailboxes: ['ann@grey.test'], greylistS: 3 },
  });
  dir = mkdtempSync(join(tmpdir(), 'verify-cli-'));
});
afterAll(() => w.close());

const INPUT = [
  'Name,E-mail,Notes',
  'Jane,jane@acme.test,"likes commas, and ""quotes"""',
  '=HYPERLINK("http://evil"),ghost@acme.test,-5',
  'Sales,sales@acme.test,',
  'Anyone,anyone@wild.test,',
  'Broken,not an email,',
  'Nowhere,x@nowhere.test,',
  'Again,jane@acme.test,duplicate',
].join('\n');

async function cli(args: string[]) {
  const env = {
    PATH: process.env.PATH,
    DNS_SERVERS: w.dns.server,
    SMTP_PORT: String(w.port),
    SMTP_ALLOW_PRIVATE: 'true',
    SMTP_HELO_NAME: 'probe.test',
    SMTP_MAIL_FROM: 'bounce@probe.test',
    SMTP_TIMEOUT_MS: '2000',
    GREYLIST_RETRY_S: '1',
  };
  return run(join(process.cwd(), 'node_modules/.bin/tsx'), ['src/cli/verify.ts', ...args], {
    env,
    timeout: 30_000,
  });
}

function readCsv(path: string) {
  return Papa.parse<Record<string, string>>(readFileSync(path, 'utf8'), {
    header: true,
    skipEmptyLines: true,
  }).data;
}

describe('npm run verify (child process against loopback fakes)', () => {
  it('runs both steps and writes the input columns plus the results, formula-safe', async () => {
    const input = join(dir, 'in.csv');
    const output = join(dir, 'out.csv');
    writeFileSync(input, INPUT);
    const { stderr } = await cli([input, '--out', output, '--step', '2']);
    expect(stderr).toMatch(/7 rows done/);
    const rows = readCsv(output);
    expect(Object.keys(rows[0])).toEqual([
      'Name',
      'E-mail',
      'Notes',
      'initial_status',
      'final_status',
      'reason',
      'reason_text',
      'role',
      'free',
      'disposable',
      'suggestion',
      'mx_host',
      'smtp_code',
      'smtp_message',
      'provider',
      'checked_at',
      'score',
      'decided_by',
      'attempts',
    ]);
    const by = (email: string) => rows.find((r) => r['E-mail'] === email)!;
    expect(by('jane@acme.test')).toMatchObject({
      final_status: 'valid',
      reason: 'accepted',
      reason_text: 'Mailbox accepted',
      smtp_code: '250',
      score: '99',
      decided_by: 'smtp',
      attempts: '1',
    });
    expect(rows[0].Notes).toBe('likes commas, and "quotes"');
    expect(by('ghost@acme.test')).toMatchObject({
      final_status: 'invalid',
      reason: 'rejected',
      Notes: "'-5",
    });
    expect(by('ghost@acme.test').Name).toBe('\'=HYPERLINK("http://evil")');
    expect(by('sales@acme.test')).toMatchObject({ final_status: 'risky', reason: 'role', role: 'true' });
    expect(by('anyone@wild.test')).toMatchObject({
      initial_status: 'valid',
      final_status: 'risky',
      reason: 'catch_all',
    });
    expect(by('not an email')).toMatchObject({
      initial_status: 'invalid',
      final_status: 'invalid',
      reason: 'syntax',
    });
    expect(by('x@nowhere.test')).toMatchObject({
      final_status: 'invalid',
      reason: 'no_domain',
      decided_by: 'initial_check',
      attempts: '',
    });
    expect(rows[6]).toMatchObject({ Notes: 'duplicate', final_status: 'valid', mx_host: 'mx.acme.test' });
    // The duplicate was probed once.
    expect(w.hosts['acme.test'].stats.rcpts.filter((r) => r === 'jane@acme.test')).toHaveLength(1);
  });

  it('step 1 only: no SMTP connection, final status is the step-1 status', async () => {
    const input = join(dir, 'in1.csv');
    const output = join(dir, 'out1.csv');
    writeFileSync(input, INPUT);
    const before = w.hosts['acme.test'].stats.connections;
    await cli([input, '--out', output, '--step', '1']);
    const rows = readCsv(output);
    expect(rows.map((r) => r.final_status)).toEqual([
      'valid',
      'valid',
      'valid',
      'valid',
      'invalid',
      'invalid',
      'valid',
    ]);
    expect(rows[0].smtp_code).toBe('');
    expect(w.hosts['acme.test'].stats.connections).toBe(before);
  });

  it('finds the email column by content when the file has no header', async () => {
    const input = join(dir, 'noheader.csv');
    const output = join(dir, 'out2.csv');
    writeFileSync(input, 'Jane,jane@acme.test\nBob,bob@nowhere.test\n');
    await cli([input, '--out', output, '--step', '1']);
    const rows = readCsv(output);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ column_1: 'Jane', email: 'jane@acme.test', final_status: 'valid' });
  });

  it('keeps every result column aligned on ragged rows; extra fields get generated headers', async () => {
    const input = join(dir, 'ragged.csv');
    const output = join(dir, 'out-ragged.csv');
    writeFileSync(
      input,
      [
        'email,name,signed_up',
        'jane@acme.test,Jane,2024-01-02,crm-7,vip',
        'sales@acme.test',
        'user@outlook.com.,Dot,2024-02-03',
        'x@nowhere.test,Nemo,2024-03-04,crm-9',
      ].join('\n'),
    );
    await cli([input, '--out', output, '--step', '1']);
    const text = readFileSync(output, 'utf8');
    const table = Papa.parse<string[]>(text, { skipEmptyLines: true }).data;
    const header = ['email', 'name', 'signed_up', 'extra_1', 'extra_2', ...RESULT_CSV_COLUMNS];
    expect(table[0]).toEqual(header);
    for (const row of table) expect(row).toHaveLength(header.length);
    const rows = readCsv(output);
    expect(rows[0]).toMatchObject({ extra_1: 'crm-7', extra_2: 'vip', initial_status: 'valid', reason: '' });
    expect(rows[1]).toMatchObject({
      email: 'sales@acme.test',
      name: '',
      extra_2: '',
      initial_status: 'valid',
    });
    expect(rows[1].role).toBe('true');
    // VERIFICATION.md: a trailing dot on the domain is not a mailbox address.
    expect(rows[2]).toMatchObject({ signed_up: '2024-02-03', initial_status: 'invalid', reason: 'syntax' });
    expect(rows[3]).toMatchObject({
      extra_1: 'crm-9',
      extra_2: '',
      final_status: 'invalid',
      reason: 'no_domain',
    });
  });

  it('says on stderr what the rows still out are waiting for, then gives their verdicts', async () => {
    const input = join(dir, 'grey.csv');
    const output = join(dir, 'grey-out.csv');
    writeFileSync(input, ['email', 'ann@grey.test', 'bob@grey.test'].join('\n'));
    const { stderr } = await cli([input, '--out', output]);
    expect(stderr).toMatch(/waiting: 2 rows: greylisted \(mx\.grey\.test\), retry at \d\d:\d\d:\d\d/);
    expect(readCsv(output).map((r) => r.final_status)).toEqual(['valid', 'invalid']);
  });

  it('exits non-zero with a usage message on bad arguments', async () => {
    await expect(cli(['--out', join(dir, 'x.csv')])).rejects.toMatchObject({ code: 2 });
  });
});
