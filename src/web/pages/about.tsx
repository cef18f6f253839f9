import { Heart, Lightbulb, ShieldCheck, Target } from 'lucide-react';
import { TRIAL_DAYS } from '../../shared/plans';
import { PageHero, PublicLayout } from '../layout/PublicLayout';
import { useBranding } from '../lib/use-branding';

const VALUES = [
  { icon: Target, title: 'Accuracy first', text: 'A verified list is only useful if it is right.' },
  { icon: ShieldCheck, title: 'Privacy by default', text: 'Your data is encrypted and never shared.' },
  { icon: Lightbulb, title: 'Keep it simple', text: 'Powerful tools that anyone on your team can use.' },
  { icon: Heart, title: 'Customer obsessed', text: 'We answer support requests in under 2 hours.' },
];

const NUMBERS = [
  { value: '99.9%', label: 'Verification accuracy' },
  { value: '99.9%', label: 'Uptime' },
  { value: '< 2h', label: 'Support response' },
  { value: `${TRIAL_DAYS} days`, label: 'Free trial' },
];

export default function AboutPage() {
  const { productName } = useBranding();
  return (
    <PublicLayout>
      <PageHero
        eyebrow="About Us"
        title="We help outreach reach real people"
        subtitle={`${productName} was built by marketers tired of bounced emails and burned domains.`}
      />
      <section className="mx-auto max-w-3xl px-4 py-16">
        <h2 className="text-2xl font-bold tracking-tight">Our story</h2>
        <div className="mt-4 grid gap-4 text-muted-foreground">
          <p>
            Agencies, software companies, online shops, consultants and startups all depend on outreach. Yet a
            large share of every purchased or scraped list bounces, hurting sender reputation and wasting
            budget.
          </p>
          <p>
            We built {productName} to fix that in one place: find email addresses, verify them in two steps,
            and send only real inboxes to your campaigns, at a price that makes sense for small teams.
          </p>
        </div>
      </section>
      <section className="bg-muted/50 py-16">
        <div className="mx-auto max-w-7xl px-4 md:px-8">
          <h2 className="mb-8 text-center text-2xl font-bold tracking-tight">Our values</h2>
          <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {VALUES.map(({ icon: Icon, title, text }) => (
              <div key={title} className="rounded-xl border bg-card p-6 shadow-sm">
                <Icon className="mb-3 size-6 text-primary" />
                <h3 className="font-semibold">{title}</h3>
                <p className="mt-1 text-sm text-muted-foreground">{text}</p>
              </div>
            ))}
          </div>
        </div>
      </section>
      <section className="mx-auto max-w-7xl px-4 py-16 md:px-8">
        <h2 className="mb-8 text-center text-2xl font-bold tracking-tight">By the numbers</h2>
        <dl className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {NUMBERS.map(({ value, label }) => (
            <div key={label} className="flex flex-col-reverse rounded-xl border bg-card p-6 text-center">
              <dt className="mt-1 text-sm text-muted-foreground">{label}</dt>
              <dd className="text-4xl font-extrabold tracking-tight text-primary">{value}</dd>
            </div>
          ))}
        </dl>
      </section>
    </PublicLayout>
  );
}
