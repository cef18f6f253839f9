import { Check } from 'lucide-react';
import { Link } from 'wouter';
import { PageHero, PublicLayout } from '../components/layout/PublicLayout';
import { Button } from '../components/ui/button';

// SPEC §2/§9: the pricing page shows a single plan at $97/month with unlimited use.
const INCLUDED = [
  'Unlimited email verifications',
  'Unlimited Instagram scrapes',
  'Two-step verification',
  'AI data cleaning',
  'Real-time dashboard and history',
  'Send to Smartlead campaigns',
];

const FAQ = [
  {
    q: 'Is there a free trial?',
    a: 'Yes. Every account starts with a 7-day free trial, no credit card required.',
  },
  {
    q: 'Can I get a refund?',
    a: 'We offer a 30-day money-back guarantee. If Verilead is not right for you, contact us within 30 days.',
  },
  {
    q: 'Can I cancel anytime?',
    a: 'Yes. You can cancel at any time and export your data for 30 days after.',
  },
  { q: 'Will the price change?', a: 'Prices may change with 30 days notice.' },
];

export default function PricingPage() {
  return (
    <PublicLayout>
      <PageHero eyebrow="Pricing" title="One simple plan" subtitle="Everything included. No hidden fees." />
      <section className="mx-auto max-w-md px-4 py-16">
        <div className="rounded-2xl border border-primary bg-card p-8 shadow-xl shadow-indigo-500/10 ring-1 ring-primary">
          <h2 className="text-lg font-semibold">Unlimited</h2>
          <p className="mt-4 flex items-baseline gap-1">
            <span className="text-5xl font-extrabold tracking-tight">$97</span>
            <span className="text-muted-foreground">/month</span>
          </p>
          <ul className="mt-6 grid gap-3 text-sm">
            {INCLUDED.map((f) => (
              <li key={f} className="flex items-start gap-2">
                <Check className="mt-0.5 size-4 shrink-0 text-emerald-600" /> {f}
              </li>
            ))}
          </ul>
          <Button asChild className="mt-8 w-full" size="lg" variant="gradient">
            <Link href="/auth">Start 7-Day Free Trial</Link>
          </Button>
        </div>
      </section>
      <section className="mx-auto max-w-3xl px-4 pb-20">
        <h2 className="mb-6 text-2xl font-bold tracking-tight">Frequently asked questions</h2>
        <dl className="grid gap-4">
          {FAQ.map(({ q, a }) => (
            <div key={q} className="rounded-xl border bg-card p-5">
              <dt className="font-semibold">{q}</dt>
              <dd className="mt-1 text-sm text-muted-foreground">{a}</dd>
            </div>
          ))}
        </dl>
      </section>
    </PublicLayout>
  );
}
