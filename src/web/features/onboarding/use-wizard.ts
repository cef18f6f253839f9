import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { type PathValue, useForm } from 'react-hook-form';
import { useLocation } from 'wouter';
import {
  LAST_STEP,
  type OnboardingProfile,
  type OnboardingStatus,
  onboardingProfileSchema,
  stepIsValid,
} from '../../../shared/onboarding';
import { toast } from '../../lib/toast';
import { useBranding } from '../../lib/use-branding';
import { useFinishOnboarding, useSaveProgress } from './api';

type Exit = { to: string; welcome: boolean };

/**
 * Wizard state over the saved status: Next saves the new step (completed at the last one),
 * Previous moves back without saving, finishing saves completed and leaves. The answers are one form
 * over the shared profile schema; each step's rule (STEP_RULES) decides when Next is enabled.
 *
 * The cached status is updated only when leaving: reaching the last step already saves completed, and
 * updating the cache then would make the route guard bounce the user off /onboarding mid-wizard.
 */
export function useWizard(initial: OnboardingStatus) {
  const [, navigate] = useLocation();
  const { productName } = useBranding();
  const [step, setStep] = useState(Math.min(initial.currentStep, LAST_STEP));
  const form = useForm<OnboardingProfile>({
    resolver: zodResolver(onboardingProfileSchema),
    defaultValues: initial.profile,
  });
  const profile = form.watch();

  const advance = useSaveProgress(setStep);
  const finish = useFinishOnboarding((exit: Exit) => {
    navigate(exit.to);
    if (exit.welcome) {
      toast({
        title: `Welcome to ${productName}!`,
        description: "Your setup is complete. Let's find and verify your first leads.",
        variant: 'success',
      });
    }
  });
  const done = (step: number, exit: Exit) =>
    finish.mutate({ progress: { step, completed: true, profile: cleaned(profile) }, exit });

  const busy = advance.isPending || finish.isPending;
  return {
    step,
    profile,
    busy,
    canGoNext: stepIsValid(step, profile) && !busy,
    update: <K extends keyof OnboardingProfile>(key: K, value: PathValue<OnboardingProfile, K>) =>
      form.setValue(key, value, { shouldDirty: true }),
    // The schema checks the answers before they are saved (the step rule only enables the button).
    next: form.handleSubmit(() => {
      if (step < LAST_STEP && stepIsValid(step, profile)) {
        const next = step + 1;
        advance.mutate({ step: next, completed: next === LAST_STEP, profile: cleaned(profile) });
      }
    }),
    previous: () => setStep((s) => Math.max(0, s - 1)),
    getStarted: () => done(LAST_STEP, { to: '/', welcome: true }),
    goTo: (to: string) => done(LAST_STEP, { to, welcome: false }),
    // "Skip setup for now": finish early where the user stands (see shared/onboarding.ts).
    skip: () => done(step, { to: '/', welcome: false }),
  };
}

/** Drops answers the server would refuse (a half-typed audience is still saved; it is only text). */
function cleaned(profile: OnboardingProfile): OnboardingProfile {
  const out: OnboardingProfile = { ...profile };
  if (out.targetAudience !== undefined) out.targetAudience = out.targetAudience.trim();
  if (!out.targetAudience) delete out.targetAudience;
  return out;
}
