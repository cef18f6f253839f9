import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { onboardingProgressSchema, onboardingStatusSchema } from '../../../shared/onboarding';
import type { AppDeps } from '../../platform/deps';
import type { AppInstance } from '../../platform/http/types';
import { requireUser } from '../auth';
import { onboardingStatusOf, saveOnboardingProgress } from './progress';

export async function onboardingRoutes(app: AppInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;

  r.get(
    '/api/onboarding/status',
    { schema: { tags: ['onboarding'], response: { 200: onboardingStatusSchema } } },
    async (req) => onboardingStatusOf(requireUser(req)),
  );

  r.post(
    '/api/onboarding/progress',
    {
      schema: {
        tags: ['onboarding'],
        body: onboardingProgressSchema,
        response: { 200: onboardingStatusSchema },
      },
    },
    async (req) => saveOnboardingProgress({ db, user: requireUser(req), ...req.body }),
  );
}
