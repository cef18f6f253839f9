import { Database, EyeOff, KeyRound, Lock } from 'lucide-react';
import { Section } from './Section';

const POINTS = [
  { icon: Lock, title: 'Encrypted data', text: 'Your lists are encrypted in transit and at rest.' },
  { icon: EyeOff, title: 'Never shared', text: 'We never sell or share your contacts with anyone.' },
  {
    icon: KeyRound,
    title: 'Keys stay on the server',
    text: 'Integration API keys are never exposed to the browser.',
  },
  {
    icon: Database,
    title: 'Automatic clean-up',
    text: 'Uploaded lists and results are deleted after 30 days.',
  },
];

export function Security() {
  return (
    <Section
      id="security"
      eyebrow="Security"
      title="Your data is safe with us"
      subtitle="Security is built in, not bolted on."
      className="bg-slate-950 text-white [&_h2]:text-white [&_p]:text-slate-300"
    >
      <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {POINTS.map(({ icon: Icon, title, text }) => (
          <div key={title} className="rounded-xl border border-white/10 bg-white/5 p-6">
            <Icon className="mb-4 size-6 text-indigo-300" />
            <h3 className="font-semibold">{title}</h3>
            <p className="mt-1 text-sm">{text}</p>
          </div>
        ))}
      </div>
    </Section>
  );
}
