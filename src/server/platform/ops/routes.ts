import { timingSafeEqual } from 'node:crypto';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../deps';
import { errorBody } from '../http/errors';
import type { AppInstance } from '../http/types';
import { checkReadiness } from './readiness';

const tags = ['system'];

const livenessSchema = z.object({ ok: z.literal(true), database: z.enum(['pglite', 'postgres']) });
const readinessSchema = z.object({
  ok: z.boolean(),
  database: z.enum(['ok', 'down']),
  queue: z.enum(['ok', 'down']),
});

/**
 * `/metrics` however it is written (`/Metrics`, `/metrics/`, `//metrics`, `/%6Detrics`, a path below it):
 * never a web page. Fastify's routes are exact, so these reach the not-found handler, which would serve the
 * single-page app with 200 and tell a scraper (or a prober) the endpoint is there.
 */
export function isMetricsPath(url: string): boolean {
  const raw = url.split(/[?#]/, 1)[0];
  let path: string;
  try {
    path = decodeURIComponent(raw);
  } catch {
    path = raw;
  }
  const p = path
    .toLowerCase()
    .replace(/\/{2,}/g, '/')
    .replace(/\/+$/, '');
  return p === '/metrics' || p.startsWith('/metrics/') || p.startsWith('/metrics;');
}

/**
 * Operations endpoints. `/api/health` answers while the process runs (liveness: restart me if not);
 * `/api/ready` checks the database and the job queue (readiness: send me traffic). `/metrics` serves
 * Prometheus text to a scraper holding METRICS_TOKEN; without a token set it does not exist.
 */
export async function opsRoutes(app: AppInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/health', { schema: { tags, response: { 200: livenessSchema } } }, async () => ({
    ok: true as const,
    database: deps.database.kind,
  }));

  r.get(
    '/api/ready',
    { schema: { tags, response: { 200: readinessSchema, 503: readinessSchema } } },
    async (_req, reply) => {
      const state = await checkReadiness(deps);
      return reply.code(state.ok ? 200 : 503).send(state);
    },
  );

  const token = deps.config.METRICS_TOKEN;
  const metrics = deps.metrics;
  if (!token || !metrics) return;
  const expected = Buffer.from(`Bearer ${token}`);
  r.get('/metrics', { schema: { hide: true } }, async (req, reply) => {
    const given = Buffer.from(req.headers.authorization ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return reply.code(401).send(errorBody('Unauthorized', { code: 'unauthorized' }));
    }
    return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
}
