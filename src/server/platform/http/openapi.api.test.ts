import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { DECIDED_BY } from '../../../shared/verification';

// Every route is in the OpenAPI document with a 2xx response body schema, so the document is a
// complete contract (clients, docs and tests read it). A route added without one fails here.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

// A JSON document walked by property names (any: the test itself is the check).
type Json = any;
type Operation = { responses?: Record<string, { content?: Record<string, { schema?: unknown }> }> };

async function openapi() {
  const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(res.statusCode).toBe(200);
  return res.json() as { paths: Record<string, Record<string, Operation>> };
}

describe('/api/openapi.json', () => {
  it('lists every route with a 2xx response schema', async () => {
    const doc = await openapi();
    const missing: string[] = [];
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        const ok = Object.entries(op.responses ?? {}).some(
          ([code, r]) => /^2\d\d$/.test(code) && Object.values(r.content ?? {}).some((c) => c.schema),
        );
        if (!ok) missing.push(`${method.toUpperCase()} ${path}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('documents the evidence of every API v1 result row: how it was decided, attempts, provider, score', async () => {
    const doc = (await openapi()) as unknown as {
      paths: Record<string, Record<string, { responses: Record<string, Json> }>>;
    };
    const page =
      doc.paths['/api/v1/lists/{id}/results'].get.responses['200'].content['application/json'].schema;
    const row = page.properties.data.items.properties;
    expect(row.decidedBy.enum).toEqual([...DECIDED_BY]);
    expect(row.decidedBy.nullable).toBe(true);
    expect(row.attempts.type).toBe('integer');
    for (const field of ['decidedBy', 'attempts', 'provider', 'score', 'fourthVerifiedAt']) {
      expect(row[field]?.description, field).toMatch(/\w{3,}/);
    }
  });
});
