import {
  firstMissingStep,
  LAST_STEP,
  type OnboardingProfile,
  type OnboardingStatus,
  onboardingProfileSchema,
  STEP_RULES,
} from '../../../shared/onboarding';
import type { Db } from '../../platform/db/client';
import { badRequest } from '../../platform/http/errors';
import { type UserRow, updateAccountFields } from '../auth';

/** The saved wizard state; a stored profile that no longer parses (old values) reads as empty. */
export function onboardingStatusOf(user: UserRow): OnboardingStatus {
  return {
    completed: user.onboardingCompleted,
    profile: onboardingProfileSchema.catch({}).parse(user.onboardingProfile),
    currentStep: Math.min(Math.max(user.onboardingStep, 0), LAST_STEP),
  };
}

/**
 * Saves where the user is in the wizard and their answers. Moving to a step requires every earlier step
 * answered, so a saved state always restores to a wizard whose Next buttons were enabled.
 */
export async function saveOnboardingProgress(opts: {
  db: Db;
  user: UserRow;
  step: number;
  profile: OnboardingProfile;
  completed: boolean;
}): Promise<OnboardingStatus> {
  const missing = firstMissingStep(opts.step, opts.profile);
  if (missing !== null) throw badRequest(STEP_RULES[missing].message, { step: missing });
  // Completion is sticky: a late save from an old tab does not send the user back into the wizard.
  const completed = opts.completed || opts.user.onboardingCompleted;
  await updateAccountFields(opts.db, opts.user.id, {
    onboardingStep: opts.step,
    onboardingProfile: opts.profile,
    onboardingCompleted: completed,
  });
  return { completed, profile: opts.profile, currentStep: opts.step };
}
