import { BarChart3, Plug, ShieldCheck, Target, Users, Zap } from 'lucide-react';
import { Link } from 'wouter';
import { TRIAL_DAYS } from '../../shared/plans';
import { FeatureGrid } from '../features/landing/FeatureGrid';
import { PageHero, PublicLayout } from '../layout/PublicLayout';
import { Button } from '../ui/button';

// Six cards.
const FEATURES = [
  {
    icon: ShieldCheck,
    title: 'Two-Step Verification',
    text: 'An initial format and deliverability check, followed by a deeper final verification of every address that passes.',
  },
  {
    icon: Zap,
    title: 'Fast Processing',
    text: 'Bulk CSV processing verifies thousands of addresses in the background while you keep working.',
  },
  {
    icon: Target,
    title: '99.9% Accuracy',
    text: 'Third-party verification keeps bounce rates low and protects your sender reputation.',
  },
  {
    icon: BarChart3,
    title: 'Real-Time Dashboard',
    text: 'Follow progress live, filter valid, invalid and risky results and export exactly what you need.',
  },
  {
    icon: Users,
    title: 'Team Collaboration',
    text: 'Share verified lists across your team, with multi-user accounts on the White Label plan.',
  },
  {
    icon: Plug,
    title: 'API Integration',
    text: 'Send verified leads straight to Smartlead campaigns, with API access for your own tools.',
  },
];

export default function FeaturesPage() {
  return (
    <PublicLayout>
      <PageHero
        eyebrow="Features"
        title="Powerful features for clean outreach"
        subtitle="Everything you need to verify lists, find leads and reach real inboxes."
      />
      <section className="mx-auto max-w-7xl px-4 py-16 md:px-8">
        <FeatureGrid items={FEATURES} />
        <div className="mt-16 text-center">
          <Button asChild size="lg" variant="gradient">
            <Link href="/auth">Start {TRIAL_DAYS}-Day Free Trial</Link>
          </Button>
        </div>
      </section>
    </PublicLayout>
  );
}
