// Helpers for the lists test suites: multipart bodies built by hand, like a browser's FormData.
import type { TestClient } from './client';

export function multipartBody(
  filename: string,
  content: string | Buffer,
  field = 'csvFile',
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----verilead${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
      'Content-Type: text/csv\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const body = typeof content === 'string' ? Buffer.from(content) : content;
  return {
    payload: Buffer.concat([head, body, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export async function uploadCsv(
  client: TestClient,
  filename: string,
  content: string | Buffer,
  field?: string,
) {
  const { payload, headers } = multipartBody(filename, content, field);
  return client.request('POST', '/api/upload', payload, headers);
}

export async function waitFor<T>(
  fn: () => Promise<T>,
  done: (v: T) => boolean,
  timeoutMs = 20_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (done(v)) return v;
    if (Date.now() > deadline) throw new Error(`timed out; last value: ${JSON.stringify(v).slice(0, 500)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A browser-like client over real HTTP (for child-process servers): cookies + CSRF header. */
export class HttpClient {
  private cookies = new Map<string, string>();
  constructor(readonly baseUrl: string) {}

  async request(method: string, path: string, body?: unknown): Promise<Response> {
    if (method !== 'GET' && !this.cookies.has('vl_csrf')) await this.request('GET', '/api/csrf');
    const headers: Record<string, string> = {
      cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    };
    if (method !== 'GET') headers['x-csrf-token'] = this.cookies.get('vl_csrf') ?? '';
    let payload: BodyInit | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const res = await fetch(this.baseUrl + path, { method, headers, body: payload });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair.indexOf('=');
      this.cookies.set(pair.slice(0, i).trim(), pair.slice(i + 1).trim());
    }
    return res;
  }

  async json<T = any>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await this.request(method, path, body);
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
    return JSON.parse(text) as T;
  }

  async register(username: string) {
    return this.json('POST', '/api/apply', {
      username,
      email: `${username}@example.com`,
      password: 'correct horse',
      plan: 'hobbyist',
    });
  }

  async upload(filename: string, csv: string) {
    const form = new FormData();
    form.append('csvFile', new Blob([csv], { type: 'text/csv' }), filename);
    return this.json<{ uploadId: string; totalEmails: number }>('POST', '/api/upload', form);
  }
}
