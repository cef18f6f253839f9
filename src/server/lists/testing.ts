// Helpers for the lists test suites: multipart bodies built by hand, like a browser's FormData.
import type { TestClient } from '../../../tests/helpers/client';

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
