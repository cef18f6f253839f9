import { eq } from 'drizzle-orm';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  onboardingProfileSchema,
  onboardingProgressSchema,
  onboardingStatusSchema,
} from '../../shared/onboarding';
import { requireUser } from '../auth/request-user';
import { users } from '../auth/schema';
import type { AppDeps } from '../http/deps';
import type { AppInstance } from '../http/types';

export async function onboardingRoutes(app: AppInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;

  r.get(
    '/api/onboarding/status',
    { schema: { tags: ['onboarding'], response: { 200: onboardingStatusSchema } } },
    async (req) => {
      const user = requireUser(req);
      return {
        completed: user.onboardingCompleted,
        profile: onboardingProfileSchema.catch({}).parse(user.onboardingProfile),
        currentStep: user.onboardingStep,
      };
    },
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
    async (req) => {
      const user = requireUser(req);
      const { step, profile, completed } = req.body;
      // Completion is sticky: a late save from an old tab does not send the user back into the wizard.
      const done = completed || user.onboardingCompleted;
      await db
        .update(users)
        .set({ onboardingStep: step, onboardingProfile: profile, onboardingCompleted: done })
        .where(eq(users.id, user.id));
      return { completed: done, profile, currentStep: step };
    },
  );
}
