import { BadgeCheck, Camera, FileSpreadsheet, Send, Sparkles, Target } from 'lucide-react';
import { FeatureGrid } from './FeatureGrid';
import { Section } from './Section';

const FEATURES = [
  {
    icon: BadgeCheck,
    title: 'Two-step verification',
    text: 'An initial format and deliverability check, then a deeper final check by a third-party verifier.',
  },
  {
    icon: FileSpreadsheet,
    title: 'Bulk CSV processing',
    text: 'Upload lists of thousands of addresses and follow progress on a real-time dashboard.',
  },
  {
    icon: Camera,
    title: 'Instagram email finder',
    text: 'Search profiles by keyword or paste profile URLs and extract the email addresses they publish.',
  },
  {
    icon: Sparkles,
    title: 'AI data cleaning',
    text: 'Separate company from personal names and simplify company names before you reach out.',
  },
  {
    icon: Send,
    title: 'Send to Smartlead',
    text: 'Push verified leads into a new cold-email campaign and monitor opens and replies.',
  },
  {
    icon: Target,
    title: '99.9% accuracy',
    text: 'Keep bounce rates low and protect your sender reputation with verified addresses only.',
  },
];

export function FeatureCards() {
  return (
    <Section
      id="features"
      eyebrow="Features"
      title="Everything you need for clean outreach"
      subtitle="From finding leads to sending campaigns, in one affordable platform."
    >
      <FeatureGrid items={FEATURES} />
    </Section>
  );
}
