import { timingSafeEqual } from 'node:crypto';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../deps';
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
      return reply.code(401).send({ message: 'Unauthorized', error: 'Unauthorized' });
    }
    return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
}
