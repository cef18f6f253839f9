import { ClosingCta } from '../components/landing/ClosingCta';
import { Comparison } from '../components/landing/Comparison';
import { FeatureCards } from '../components/landing/FeatureCards';
import { Hero } from '../components/landing/Hero';
import { HowItWorks } from '../components/landing/HowItWorks';
import { Plans } from '../components/landing/Plans';
import { Security } from '../components/landing/Security';
import { PublicLayout } from '../components/layout/PublicLayout';

// Signed-out (or still loading) `/` (SPEC §2).
export default function LandingPage() {
  return (
    <PublicLayout>
      <Hero />
      <FeatureCards />
      <HowItWorks />
      <Plans />
      <Security />
      <Comparison />
      <ClosingCta />
    </PublicLayout>
  );
}
