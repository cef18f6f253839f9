import { PLAN_INFO, type Plan } from '../../../shared/auth';

export interface PlanCard {
  id: Plan;
  name: string;
  price: string;
  features: string[];
  popular?: boolean;
}

// Plans of SPEC §9; names and prices come from the shared contract so the auth banner matches.
export const PLAN_CARDS: PlanCard[] = [
  {
    id: 'hobbyist',
    name: PLAN_INFO.hobbyist.name,
    price: PLAN_INFO.hobbyist.price,
    features: ['20 Instagram scrapes per month', '20 email verifications per month', 'AI data cleaning'],
  },
  {
    id: 'professional',
    name: PLAN_INFO.professional.name,
    price: PLAN_INFO.professional.price,
    popular: true,
    features: [
      'Unlimited Instagram scrapes',
      'Unlimited email verifications',
      'AI data cleaning',
      'Advanced analytics',
      'Phone support in business hours',
    ],
  },
  {
    id: 'whitelabel',
    name: PLAN_INFO.whitelabel.name,
    price: PLAN_INFO.whitelabel.price,
    features: [
      'Everything in Professional',
      'Custom branding',
      'Custom domain',
      'Multi-user accounts',
      'API access',
    ],
  },
];

// "$499.99/month" → ["$499.99", "/month"] for the large price display.
export function splitPrice(price: string): [string, string] {
  const i = price.indexOf('/');
  return i === -1 ? [price, ''] : [price.slice(0, i), price.slice(i)];
}
