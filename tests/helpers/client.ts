import type { FastifyInstance, InjectOptions } from 'fastify';
import { CSRF_COOKIE, CSRF_HEADER } from '../../src/shared/auth';

let seq = 0;
/** A unique name per test run, so tests sharing one PostgreSQL database never collide. */
export const uniqueName = (prefix = 'user') =>
  `${prefix}${Date.now().toString(36)}${(seq++).toString(36)}${Math.random().toString(36).slice(2, 6)}`;

const rnd = () => Math.floor(Math.random() * 250) + 1;

/** A browser-like client over app.inject: keeps cookies and sends the CSRF header like the web app does. */
export class TestClient {
  cookies = new Map<string, string>();
  constructor(
    private readonly app: FastifyInstance,
    // Each client is its own "machine", so per-address limits never leak between tests sharing a database.
    readonly ip = `10.${rnd()}.${rnd()}.${rnd()}`,
  ) {}

  async request(
    method: InjectOptions['method'],
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) {
    if (method !== 'GET' && !this.cookies.has(CSRF_COOKIE)) await this.request('GET', '/api/csrf');
    const res = await this.app.inject({
      method,
      url,
      payload: body as InjectOptions['payload'],
      remoteAddress: this.ip,
      headers: {
        cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(method !== 'GET' ? { [CSRF_HEADER]: this.cookies.get(CSRF_COOKIE) ?? '' } : {}),
        ...headers,
      },
    });
    for (const c of res.cookies as { name: string; value: string; maxAge?: number; expires?: Date }[]) {
      const cleared = c.value === '' || (c.expires && c.expires.getTime() < Date.now()) || c.maxAge === 0;
      if (cleared) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    return res;
  }
  get = (url: string, headers?: Record<string, string>) => this.request('GET', url, undefined, headers);
  post = (url: string, body?: unknown, headers?: Record<string, string>) =>
    this.request('POST', url, body, headers);

  /** Registers (and so signs in) a fresh user; returns its credentials. */
  async register(over: Partial<{ username: string; email: string; password: string; plan: string }> = {}) {
    const username = over.username ?? uniqueName();
    const input = {
      username,
      email: `${username}@example.com`,
      password: 'correct horse',
      plan: 'hobbyist',
      ...over,
    };
    const res = await this.post('/api/apply', input);
    if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
    return { ...input, id: res.json().id as string };
  }
}
