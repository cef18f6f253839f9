import { timingSafeEqual } from 'node:crypto';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { verifierStandingSchema } from '../../../shared/deliverability';
import type { AppDeps } from '../../platform/deps';
import { unauthorized } from '../../platform/http/errors';
import type { AppInstance } from '../../platform/http/types';
import { standingWay } from './standing';
import { readStanding } from './standing-store';

/**
 * The operator's view of the verifier's standing (public address, reverse DNS, HELO, IP lists), for
 * whoever holds METRICS_TOKEN, as /metrics is; the same figures feed /metrics. Absent without a token.
 */
export function standingRoutes(app: AppInstance, deps: AppDeps) {
  const token = deps.config.METRICS_TOKEN;
  const { db } = deps.database;
  deps.metrics?.setStandingSource(async () =>
    (await readStanding({ db })).map((s) => ({
      way: standingWay(s),
      listedOn: s.listedOn,
      checks: {
        ok: s.ok,
        rdns: s.ptr.length > 0,
        forward_confirmed: s.forwardConfirmed,
        helo: s.heloMatches,
        unlisted: s.listedOn.length === 0,
      },
    })),
  );
  if (!token) return;
  const expected = Buffer.from(`Bearer ${token}`);
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/ops/verifier-standing',
    {
      config: { csrfExempt: true },
      schema: { tags: ['system'], response: { 200: z.object({ ways: z.array(verifierStandingSchema) }) } },
    },
    async (req) => {
      const given = Buffer.from(req.headers.authorization ?? '');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw unauthorized();
      return { ways: await readStanding({ db }) };
    },
  );
}
