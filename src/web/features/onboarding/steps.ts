import {
  Briefcase,
  Building2,
  Camera,
  CheckCircle2,
  Compass,
  GraduationCap,
  Layers,
  type LucideIcon,
  Megaphone,
  Rocket,
  Send,
  ShoppingBag,
  Sparkles,
  Target,
  TrendingUp,
  Trophy,
  Upload,
  Users,
  Zap,
} from 'lucide-react';
import type {
  BUSINESS_TYPES,
  EXPERIENCE_LEVELS,
  OnboardingProfile,
  PRIMARY_GOALS,
} from '../../../shared/onboarding';

// Wording and icons of the five wizard steps (Onboarding).

export interface StepMeta {
  label: string;
  title: string;
  description: string;
  icon: LucideIcon;
}

export const STEPS: StepMeta[] = [
  {
    label: 'Business',
    title: 'What type of business are you?',
    description: 'We will tailor suggestions to how you work.',
    icon: Building2,
  },
  {
    label: 'Audience',
    title: 'Who is your target audience?',
    description: 'Pick one or more presets, or describe them in your own words.',
    icon: Users,
  },
  {
    label: 'Goal',
    title: "What's your primary goal?",
    description: 'Choose what you want to achieve first.',
    icon: Target,
  },
  {
    label: 'Experience',
    title: 'How experienced are you with email outreach?',
    description: 'So we know how much guidance to show.',
    icon: GraduationCap,
  },
  {
    label: 'Ready',
    title: "You're All Set!",
    description: 'Here is where we recommend you start.',
    icon: Rocket,
  },
];

export interface Choice<T extends string> {
  value: T;
  label: string;
  description: string;
  icon: LucideIcon;
}

export const BUSINESS_CHOICES: Choice<(typeof BUSINESS_TYPES)[number]>[] = [
  {
    value: 'agency',
    label: 'Agency',
    description: 'Lead generation and outreach for clients',
    icon: Megaphone,
  },
  { value: 'saas', label: 'SaaS', description: 'Software company selling online', icon: Layers },
  { value: 'ecommerce', label: 'E-commerce', description: 'Online shop or brand', icon: ShoppingBag },
  {
    value: 'consulting',
    label: 'Consulting',
    description: 'Consultant or professional services',
    icon: Briefcase,
  },
  { value: 'startup', label: 'Startup', description: 'Early-stage company finding customers', icon: Rocket },
  { value: 'other', label: 'Other', description: 'Something else entirely', icon: Compass },
];

export const GOAL_CHOICES: Choice<(typeof PRIMARY_GOALS)[number]>[] = [
  {
    value: 'lead-gen',
    label: 'Lead Generation',
    description: 'Find new prospects and their emails',
    icon: TrendingUp,
  },
  {
    value: 'outreach',
    label: 'Cold Outreach',
    description: 'Send campaigns to verified addresses',
    icon: Send,
  },
  {
    value: 'list-building',
    label: 'List Building',
    description: 'Clean and verify the lists you already have',
    icon: CheckCircle2,
  },
  {
    value: 'influencer',
    label: 'Influencer Marketing',
    description: 'Reach creators found on Instagram',
    icon: Camera,
  },
];

export const EXPERIENCE_CHOICES: Choice<(typeof EXPERIENCE_LEVELS)[number]>[] = [
  { value: 'beginner', label: 'Beginner', description: 'New to email outreach', icon: Sparkles },
  { value: 'intermediate', label: 'Intermediate', description: 'Have run a few campaigns', icon: Zap },
  { value: 'advanced', label: 'Advanced', description: 'Outreach is part of my daily work', icon: Trophy },
];

export interface Recommendation {
  title: string;
  description: string;
  icon: LucideIcon;
}

/** Recommended next steps on the last screen, ordered by the chosen goal. */
export function recommendations(profile: OnboardingProfile): Recommendation[] {
  const find: Recommendation = {
    title: 'Find emails on Instagram',
    description: 'Search profiles by keyword and extract their contact emails.',
    icon: Camera,
  };
  const verify: Recommendation = {
    title: 'Verify your email list',
    description: 'Upload a CSV and run the two-step verification.',
    icon: Upload,
  };
  const send: Recommendation = {
    title: 'Send to your outreach tool',
    description: 'Connect Smartlead and send verified emails as a campaign.',
    icon: Send,
  };
  const tip: Recommendation =
    profile.experienceLevel === 'beginner'
      ? {
          title: 'Start small',
          description: 'Verify a short list first to see how results and exports work.',
          icon: Sparkles,
        }
      : {
          title: 'Clean your data',
          description: 'Use AI data cleaning to split names and tidy company names before sending.',
          icon: Sparkles,
        };
  const order =
    profile.primaryGoal === 'list-building'
      ? [verify, send, find]
      : profile.primaryGoal === 'outreach'
        ? [verify, send, find]
        : [find, verify, send];
  return [...order, tip];
}
