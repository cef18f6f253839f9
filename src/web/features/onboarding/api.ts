import { useQuery } from '@tanstack/react-query';
import type { OnboardingStatus } from '../../../shared/onboarding';

export type { OnboardingStatus } from '../../../shared/onboarding';

export const ONBOARDING_STATUS_KEY = ['/api/onboarding/status'] as const;

export function useOnboardingStatus(enabled: boolean) {
  return useQuery<OnboardingStatus>({ queryKey: ONBOARDING_STATUS_KEY, enabled });
}
