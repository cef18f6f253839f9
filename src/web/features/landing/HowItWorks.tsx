import { Download, FileUp, SearchCheck, ShieldCheck } from 'lucide-react';
import { Section } from './Section';

// Four steps — upload CSV, initial check, final deeper verification, export results.
const STEPS = [
  { icon: FileUp, title: 'Upload CSV', text: 'Drop in your list of email addresses as a CSV file.' },
  {
    icon: SearchCheck,
    title: 'Initial check',
    text: 'Every address is checked for format and deliverability.',
  },
  {
    icon: ShieldCheck,
    title: 'Final deeper verification',
    text: 'Addresses that pass go through a deeper final verification.',
  },
  { icon: Download, title: 'Export results', text: 'Download valid, invalid or all results, ready to use.' },
];

export function HowItWorks() {
  return (
    <Section
      id="how-it-works"
      eyebrow="How It Works"
      title="How It Works"
      subtitle="Four steps from a raw list to verified, ready-to-send leads."
      className="bg-muted/50"
    >
      <ol className="grid gap-6 md:grid-cols-4">
        {STEPS.map(({ icon: Icon, title, text }, i) => (
          <li key={title} className="relative rounded-xl border bg-card p-6 shadow-sm">
            <span className="absolute -top-3 left-6 rounded-full bg-primary px-2.5 py-0.5 text-xs font-bold text-primary-foreground">
              Step {i + 1}
            </span>
            <Icon className="mb-4 mt-2 size-7 text-primary" />
            <h3 className="font-semibold">{title}</h3>
            <p className="mt-1 text-sm text-muted-foreground">{text}</p>
          </li>
        ))}
      </ol>
    </Section>
  );
}
