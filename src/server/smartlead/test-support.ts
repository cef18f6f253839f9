import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { TestClient } from '../../../tests/helpers/client';

// Shared by this feature's API suites (not a test file itself).

export const TEST_ENCRYPTION_KEY = randomBytes(32).toString('base64');

/** A TestClient that keeps every response (body and headers), so a suite can scan them all for the key. */
export class RecordingClient extends TestClient {
  static transcript: string[] = [];
  constructor(app: FastifyInstance) {
    super(app);
  }
  override async request(...args: Parameters<TestClient['request']>) {
    const res = await super.request(...args);
    RecordingClient.transcript.push(JSON.stringify(res.headers), res.body);
    return res;
  }
}

export const newApiKey = () => `sl_${randomBytes(18).toString('hex')}_${randomBytes(4).toString('hex')}`;

export function leads(n: number, prefix = 'lead') {
  const tag = randomBytes(3).toString('hex');
  return Array.from({ length: n }, (_, i) => ({
    email: `${prefix}${i}.${tag}@example.com`,
    first_name: `First${i}`,
    last_name: 'Last Name',
    company_name: `Company ${i % 7}`,
  }));
}

export async function until<T>(fn: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (ok(v)) return v;
    if (Date.now() > deadline) throw new Error(`condition not met in ${timeoutMs} ms: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
