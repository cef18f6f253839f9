import { ClosingCta } from '../features/landing/ClosingCta';
import { Comparison } from '../features/landing/Comparison';
import { FeatureCards } from '../features/landing/FeatureCards';
import { Hero } from '../features/landing/Hero';
import { HowItWorks } from '../features/landing/HowItWorks';
import { Plans } from '../features/landing/Plans';
import { Security } from '../features/landing/Security';
import { PublicLayout } from '../layout/PublicLayout';

// Signed-out (or still loading) `/`.
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
