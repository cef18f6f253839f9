import { queryOptions, useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  type OnboardingStatus,
  type onboardingProgressSchema,
  onboardingStatusSchema,
} from '../../../shared/onboarding';
import { apiJson, queryClient } from '../../lib/api';
import { toast } from '../../lib/toast';

export type { OnboardingStatus } from '../../../shared/onboarding';

export const onboardingQueries = {
  /** Whether the wizard is done, and where it stopped (asked only once someone is signed in). */
  status: (enabled = true) =>
    queryOptions<OnboardingStatus>({
      queryKey: ['/api/onboarding/status'],
      meta: { schema: onboardingStatusSchema },
      enabled,
    }),
};

/** The wizard's saved progress: the step reached, whether it is complete, and the answers so far. */
type OnboardingProgress = z.output<typeof onboardingProgressSchema>;

const saveProgress = (progress: OnboardingProgress) =>
  apiJson(onboardingStatusSchema, 'POST', '/api/onboarding/progress', progress);
const failed = () => toast({ title: 'Error saving progress', variant: 'destructive' });

/** Saves a step forward; `onSaved` moves the wizard once the server has it. */
export function useSaveProgress(onSaved: (step: number) => void) {
  return useMutation({
    mutationFn: saveProgress,
    onSuccess: (_res, progress) => onSaved(progress.step),
    onError: failed,
  });
}

/**
 * Saves the wizard as complete, then updates the cached status (only now: updated earlier, the route
 * guard would send the user off /onboarding mid-wizard) and calls `onFinished` with where to go.
 */
export function useFinishOnboarding<Exit>(onFinished: (exit: Exit) => void) {
  return useMutation({
    mutationFn: (v: { progress: OnboardingProgress; exit: Exit }) => saveProgress(v.progress),
    onSuccess: (_res, v) => {
      queryClient.setQueryData(onboardingQueries.status().queryKey, {
        completed: true,
        profile: v.progress.profile,
        currentStep: v.progress.step,
      });
      onFinished(v.exit);
    },
    onError: failed,
  });
}
