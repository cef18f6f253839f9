// The public API used end to end by a client, against a locally started server whose "Internet" is fakes on
// loopback (DNS, mail servers, a webhook receiver): upload a list → webhook received → results.
// Run: npm run demo:api
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { verifyWebhookSignature } from '../src/server/features/webhooks/sign';
import { startWorld } from '../tests/fakes/smtp-world';
import { startFakeReceiver } from '../tests/fakes/webhook-receiver';
import { HttpClient } from '../tests/helpers/lists';

const root = path.resolve(import.meta.dirname, '..');
const log = (...a: unknown[]) => console.log(...a);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

async function main() {
  const world = await startWorld(
    {
      'acme.test': { mailboxes: ['ceo@acme.test', 'sales@acme.test'] },
      'catchall.test': { catchAll: true },
    },
    { 'gone.test': 'NXDOMAIN' },
  );
  const receiver = await startFakeReceiver();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'verilead-api-demo-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server: ChildProcess = spawn(path.join(root, 'node_modules/.bin/tsx'), ['src/server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      ...world.env(),
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SERVE_WEB: 'false',
      LOG_LEVEL: 'warn',
      SAFE_FETCH_ALLOW_LOOPBACK: 'true',
      WEBHOOK_RETRY_BASE_MS: '500',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  try {
    let exited = false;
    server.once('exit', () => {
      exited = true;
    });
    for (let i = 0; ; i++) {
      if (
        await fetch(`${base}/api/health`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      if (exited || i > 1800) throw new Error('the server did not start');
      await sleep(100);
    }
    log(
      `server on ${base} (embedded database in ${dataDir}); fake DNS ${world.dns.server}, mail servers on 127.x:${world.port}`,
    );

    // The account owner, in the browser: sign up (White Label), make a token, add a webhook endpoint.
    const web = new HttpClient(base);
    const name = `demo${Date.now().toString(36)}`;
    await web.json('POST', '/api/apply', {
      username: name,
      email: `${name}@example.com`,
      password: 'correct horse',
      plan: 'whitelabel',
    });
    const token = await web.json('POST', '/api/api-tokens', {
      name: 'demo script',
      scopes: ['lists:read', 'lists:write', 'verify'],
    });
    const hook = await web.json('POST', '/api/webhooks', {
      url: receiver.url,
      events: ['list.completed', 'list.failed'],
    });
    log(
      `token ${token.token.slice(0, 7)}… scopes ${token.scopes.join(', ')}; webhook endpoint ${hook.url} (secret …${hook.secretHint})`,
    );

    // The client: only the token from here on.
    const api = async (
      method: string,
      url: string,
      body?: BodyInit | object,
      headers: Record<string, string> = {},
    ) => {
      const isJson = body !== undefined && !(body instanceof FormData);
      const res = await fetch(base + url, {
        method,
        headers: {
          authorization: `Bearer ${token.token}`,
          ...(isJson ? { 'content-type': 'application/json' } : {}),
          ...headers,
        },
        body: isJson ? JSON.stringify(body) : (body as BodyInit | undefined),
      });
      return res;
    };
    const csv = [
      'name,email,company',
      'Ada,ceo@acme.test,Acme',
      'Bob,sales@acme.test,Acme',
      'Cy,nobody@acme.test,Acme',
      'Di,di@catchall.test,Catch',
      'Ed,ed@gone.test,Gone',
      'Fi,not-an-email,',
    ].join('\n');
    const form = () => {
      const f = new FormData();
      f.append('file', new Blob([csv], { type: 'text/csv' }), 'leads.csv');
      return f;
    };
    const key = { 'idempotency-key': `demo-${Date.now()}` };
    const created = await api('POST', '/api/v1/lists', form(), key);
    const list = await created.json();
    log(
      `\nPOST /api/v1/lists (multipart, Idempotency-Key) → ${created.status}: list ${list.id} "${list.name}", ${list.counts.total} addresses, ${list.status}`,
    );
    const again = await api('POST', '/api/v1/lists', form(), key);
    log(
      `POST again with the same key → ${again.status}, Idempotent-Replayed: ${again.headers.get('idempotent-replayed')}, same list: ${(await again.json()).id === list.id}`,
    );

    const t0 = Date.now();
    for (;;) {
      const cur = await (await api('GET', `/api/v1/lists/${list.id}`)).json();
      log(
        `GET /api/v1/lists/{id} → ${cur.status} step1 ${cur.progress.step1}% step2 ${cur.progress.step2}% counts ${JSON.stringify(cur.counts)} eta ${cur.etaSeconds ?? '-'}s`,
      );
      if (cur.status === 'completed' || cur.status === 'failed') break;
      await sleep(500);
    }
    while (receiver.received.length === 0 && Date.now() - t0 < 30_000) await sleep(100);
    const got = receiver.received[0];
    if (!got) throw new Error('no webhook arrived');
    const ok = verifyWebhookSignature({
      secret: hook.secret,
      header: got.headers['verilead-signature'] as string,
      body: got.body,
    });
    const event = JSON.parse(got.body);
    log(
      `\nwebhook received: ${got.headers['verilead-event']} ${event.id}, signature ${ok ? 'valid' : 'INVALID'} (${got.headers['verilead-signature']?.toString().slice(0, 24)}…), list ${event.data.list.id === list.id ? 'matches' : 'differs'}, counts ${JSON.stringify(event.data.list.counts)}`,
    );

    log('\nGET /api/v1/lists/{id}/results (cursor pages):');
    let cursor: string | null = null;
    do {
      const page = await (
        await api('GET', `/api/v1/lists/${list.id}/results${cursor ? `?cursor=${cursor}` : ''}`)
      ).json();
      for (const r of page.data) {
        log(
          `  ${r.email.email.padEnd(20)} ${r.finalStatus.padEnd(8)} step1 ${r.status.padEnd(8)} step2 ${String(r.fourthVerificationStatus).padEnd(8)} ${r.reason ?? ''}`,
        );
      }
      cursor = page.nextCursor;
    } while (cursor);
    const valid = await (await api('GET', `/api/v1/lists/${list.id}/results?verdict=valid`)).json();
    log(
      `verdict=valid → ${valid.total}: ${valid.data.map((r: { email: { email: string } }) => r.email.email).join(', ')}`,
    );
    const exported = await (await api('GET', `/api/v1/lists/${list.id}/export?type=valid`)).text();
    log(
      `GET export?type=valid → ${
        exported
          .replace(/^\uFEFF/, '')
          .trim()
          .split(/\r?\n/).length - 1
      } rows; header: ${exported.replace(/^\uFEFF/, '').split(/\r?\n/)[0]}`,
    );

    const single = await api('POST', '/api/v1/verify', { email: 'ceo@acme.test' });
    const one = await single.json();
    log(
      `\nPOST /api/v1/verify ceo@acme.test → ${single.status} ${one.status}: ${one.result?.finalStatus} (step 2 ${one.result?.fourthVerificationDetails?.reason ?? ''}, SMTP ${one.result?.fourthVerificationDetails?.smtpCode ?? '-'})`,
    );
    const usage = await web.json('GET', '/api/usage');
    log(
      `usage this month: ${usage.counters.map((c: { kind: string; used: number; units: number }) => `${c.kind} ${c.used} (${c.units} addresses)`).join(', ')}`,
    );
    const other = new HttpClient(base);
    await other.json('POST', '/api/apply', {
      username: `${name}x`,
      email: `${name}x@example.com`,
      password: 'correct horse',
      plan: 'whitelabel',
    });
    const otherToken = await other.json('POST', '/api/api-tokens', { name: 'other' });
    const foreign = await fetch(`${base}/api/v1/lists/${list.id}`, {
      headers: { authorization: `Bearer ${otherToken.token}` },
    });
    log(`another account's token on this list → ${foreign.status}`);
    const del = await api('DELETE', `/api/v1/lists/${list.id}`);
    log(
      `DELETE /api/v1/lists/{id} → ${del.status}; then GET → ${(await api('GET', `/api/v1/lists/${list.id}`)).status}`,
    );
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    await receiver.close();
    await world.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
