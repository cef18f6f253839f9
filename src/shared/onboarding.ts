import { z } from 'zod';

// SPEC §9 onboarding constants.
export const ONBOARDING_STEPS = 5;
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

export const onboardingProfileSchema = z.object({
  businessType: z.enum(BUSINESS_TYPES).optional(),
  targetAudience: z.string().trim().max(500).optional(),
  primaryGoal: z.enum(PRIMARY_GOALS).optional(),
  experienceLevel: z.enum(EXPERIENCE_LEVELS).optional(),
});
export type OnboardingProfile = z.infer<typeof onboardingProfileSchema>;

export const onboardingProgressSchema = z.object({
  step: z
    .number()
    .int()
    .min(0)
    .max(ONBOARDING_STEPS - 1),
  profile: onboardingProfileSchema.default({}),
  completed: z.boolean().default(false),
});

export const onboardingStatusSchema = z.object({
  completed: z.boolean(),
  profile: onboardingProfileSchema,
  currentStep: z.number().int(),
});
export type OnboardingStatus = z.infer<typeof onboardingStatusSchema>;
