import { CREDIT_RULE, DEFAULT_REVERIFY_DAYS, ESTIMATE_RULE } from '../../shared/credits';
import { API_RULE, TRIAL_TEXT } from '../../shared/plans';
import { PlanGrid } from '../features/landing/Plans';
import { PageHero, PublicLayout } from '../layout/PublicLayout';
import { useBranding } from '../lib/use-branding';

// The same three plans as the landing page, from the shared plan table (one price story, decision 0610).

// The product's name is the workspace's (White Label): its customers never read ours.
const faq = (product: string) => [
  {
    q: 'Is there a free trial?',
    a: `Yes. Every account starts with a ${TRIAL_TEXT}, on the plan you pick.`,
  },
  {
    q: 'What counts as a list?',
    a: 'Each CSV you verify (or list sent through the API) counts once, whatever its number of addresses. Re-checking the pending rows of a list counts nothing.',
  },
  {
    q: 'What do I pay for in a list?',
    a: `${CREDIT_RULE} ${ESTIMATE_RULE} The re-verification window is ${DEFAULT_REVERIFY_DAYS} days unless you change it; "Verify again now" checks those addresses afresh and charges them. The usage page shows, run by run, what was reserved, charged and given back.`,
  },
  {
    q: 'Are found addresses charged?',
    a: 'The email finder counts one per address it returns; a person it does not find, or finds only ambiguously, is free.',
  },
  { q: 'Which plans include the API?', a: API_RULE },
  {
    q: 'Can I get a refund?',
    a: `If ${product} is not right for you, your first payment is refunded in full when you ask within 30 days of it. Later payments are not refunded; cancel before the next period instead.`,
  },
  {
    q: 'Can I cancel anytime?',
    a: 'Yes. You can cancel at any time and export your data for 30 days after.',
  },
  { q: 'Will the price change?', a: 'Prices may change with 30 days notice.' },
];

export default function PricingPage() {
  const { productName } = useBranding();
  return (
    <PublicLayout>
      <PageHero
        eyebrow="Pricing"
        title="Plans that grow with you"
        subtitle="Every plan starts with a free trial. No hidden fees."
      />
      <section className="mx-auto max-w-7xl px-4 py-16 md:px-8">
        <PlanGrid />
      </section>
      <section className="mx-auto max-w-3xl px-4 pb-20">
        <h2 className="mb-6 text-2xl font-bold tracking-tight">Frequently asked questions</h2>
        <dl className="grid gap-4">
          {faq(productName).map(({ q, a }) => (
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
