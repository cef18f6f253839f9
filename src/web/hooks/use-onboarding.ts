import { useQuery } from '@tanstack/react-query';

export interface OnboardingProfile {
  businessType?: string;
  targetAudience?: string;
  primaryGoal?: string;
  experienceLevel?: string;
}

export interface OnboardingStatus {
  completed: boolean;
  profile: OnboardingProfile | null;
  currentStep: number;
}

export const ONBOARDING_STATUS_KEY = ['/api/onboarding/status'] as const;

export function useOnboardingStatus(enabled: boolean) {
  return useQuery<OnboardingStatus>({ queryKey: ONBOARDING_STATUS_KEY, enabled });
}
