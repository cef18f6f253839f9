// Helpers for the API v1 suites: a signed-in web client that mints tokens, and bearer calls.
import type { FastifyInstance, InjectOptions } from 'fastify';
import { TestClient } from './client';

export async function apiUser(app: FastifyInstance, plan = 'whitelabel') {
  const web = new TestClient(app);
  const user = await web.register({ plan });
  const token = async (scopes?: string[]) => {
    const res = await web.post('/api/api-tokens', { name: 'script', ...(scopes ? { scopes } : {}) });
    if (res.statusCode !== 201) throw new Error(`token: ${res.statusCode} ${res.body}`);
    return res.json() as { id: string; token: string };
  };
  return { web, user, token };
}

/** A bearer call with no cookies, like a script would make. */
export function bearer(app: FastifyInstance, token: string | null) {
  const call = (method: InjectOptions['method'], url: string, payload?: unknown, headers = {}) =>
    app.inject({
      method,
      url,
      payload: payload as InjectOptions['payload'],
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    });
  return {
    get: (url: string, headers?: Record<string, string>) => call('GET', url, undefined, headers),
    post: (url: string, body?: unknown, headers?: Record<string, string>) => call('POST', url, body, headers),
    delete: (url: string) => call('DELETE', url),
  };
}
