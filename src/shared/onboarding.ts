import { z } from 'zod';

// Onboarding constants.
export const ONBOARDING_STEPS = 5;
export const LAST_STEP = ONBOARDING_STEPS - 1;
export const BUSINESS_TYPES = ['agency', 'saas', 'ecommerce', 'consulting', 'startup', 'other'] as const;
export const PRIMARY_GOALS = ['lead-gen', 'outreach', 'list-building', 'influencer'] as const;
export const EXPERIENCE_LEVELS = ['beginner', 'intermediate', 'advanced'] as const;
export const AUDIENCE_PRESETS = [
  'B2B Decision Makers',
  'Influencers & Creators',
  'Small Business Owners',
  'E-commerce Brands',
  'Service Providers',
  'Tech Professionals',
] as const;
export const TARGET_AUDIENCE_MAX = 500;

export const onboardingProfileSchema = z.object({
  businessType: z.enum(BUSINESS_TYPES).optional(),
  targetAudience: z.string().trim().max(TARGET_AUDIENCE_MAX).optional(),
  primaryGoal: z.enum(PRIMARY_GOALS).optional(),
  experienceLevel: z.enum(EXPERIENCE_LEVELS).optional(),
});
export type OnboardingProfile = z.infer<typeof onboardingProfileSchema>;

/**
 * What each question step needs before Next is enabled (steps 0-3; the last step asks nothing).
 * The wizard disables Next with it and the server refuses to move past an unanswered step with it.
 */
export const STEP_RULES: { valid: (p: OnboardingProfile) => boolean; message: string }[] = [
  { valid: (p) => Boolean(p.businessType), message: 'Choose a business type to continue.' },
  {
    valid: (p) => (p.targetAudience?.trim().length ?? 0) > 3,
    message: 'Describe your target audience (more than 3 characters) to continue.',
  },
  { valid: (p) => Boolean(p.primaryGoal), message: 'Choose a primary goal to continue.' },
  { valid: (p) => Boolean(p.experienceLevel), message: 'Choose your experience level to continue.' },
];

export function stepIsValid(step: number, profile: OnboardingProfile): boolean {
  return STEP_RULES[step]?.valid(profile) ?? true;
}

/** The first step before `step` left unanswered, or null when `step` may be reached. */
export function firstMissingStep(step: number, profile: OnboardingProfile): number | null {
  for (let i = 0; i < Math.min(step, STEP_RULES.length); i++) if (!STEP_RULES[i].valid(profile)) return i;
  return null;
}

/**
 * POST /api/onboarding/progress. `step` is where the user now is; every step before it must be answered.
 * `completed` may be sent from any step: "Skip setup for now" finishes onboarding early (otherwise the
 * redirect rule would bring the user straight back).
 */
export const onboardingProgressSchema = z.object({
  step: z.number().int().min(0).max(LAST_STEP),
  profile: onboardingProfileSchema.default({}),
  completed: z.boolean().default(false),
});

export const onboardingStatusSchema = z.object({
  completed: z.boolean(),
  profile: onboardingProfileSchema,
  currentStep: z.number().int(),
});
export type OnboardingStatus = z.infer<typeof onboardingStatusSchema>;
