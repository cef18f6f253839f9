import { useMutation, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { OnboardingStatus, onboardingProgressSchema } from '../../../shared/onboarding';
import { apiRequest, queryClient } from '../../lib/api';
import { toast } from '../../lib/toast';

export type { OnboardingStatus } from '../../../shared/onboarding';

export const ONBOARDING_STATUS_KEY = ['/api/onboarding/status'] as const;

export function useOnboardingStatus(enabled: boolean) {
  return useQuery<OnboardingStatus>({ queryKey: ONBOARDING_STATUS_KEY, enabled });
}

/** The wizard's saved progress: the step reached, whether it is complete, and the answers so far. */
type OnboardingProgress = z.output<typeof onboardingProgressSchema>;

const saveProgress = (progress: OnboardingProgress) =>
  apiRequest('POST', '/api/onboarding/progress', progress);
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
      queryClient.setQueryData<OnboardingStatus>(ONBOARDING_STATUS_KEY, {
        completed: true,
        profile: v.progress.profile,
        currentStep: v.progress.step,
      });
      onFinished(v.exit);
    },
    onError: failed,
  });
}
