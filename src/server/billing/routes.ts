import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { subscriptionStatusSchema } from '../../shared/auth';
import { requireUser } from '../auth/request-user';
import type { AppDeps } from '../http/deps';
import type { AppInstance } from '../http/types';
import { accessStatus } from './access';

export async function billingRoutes(app: AppInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/subscription-status',
    { schema: { tags: ['billing'], response: { 200: subscriptionStatusSchema } } },
    async (req) => accessStatus({ db: deps.database.db, user: requireUser(req), now: deps.clock() }),
  );
}
