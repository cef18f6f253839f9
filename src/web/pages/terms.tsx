import { PLAN_ROWS, planPrice, TRIAL_DAYS } from '../../shared/plans';
import { LegalPage } from '../layout/LegalPage';
import { useBranding } from '../lib/use-branding';

// Figures from the product spec (30 days notice, minimum age 18); the plans and prices come from the
// shared plan table, as on the pricing page. The spec says both "non-refundable" and "30-day money-back
// guarantee" (pricing FAQ): the terms state the one rule both pages keep, a refund of the first payment
// asked for within 30 days, and no refund of later periods.
// The product's name is the workspace's (White Label): its customers never read ours.
const sections = (product: string) => [
  {
    title: 'Acceptance of terms',
    body: <p>By creating an account or using {product} you agree to these Terms of Service.</p>,
  },
  { title: 'Eligibility', body: <p>You must be at least 18 years old to use the service.</p> },
  {
    title: 'Subscription and fees',
    body: (
      <>
        <p>
          After the {TRIAL_DAYS}-day free trial the subscription costs the monthly price of the plan you
          choose:
        </p>
        <ul className="list-disc pl-6" data-testid="terms-prices">
          {PLAN_ROWS.map((p) => (
            <li key={p.id}>
              {p.name}: {planPrice(p.id)}
            </li>
          ))}
        </ul>
        <p>
          The limits of each plan are those shown on the pricing page. Fees are billed in advance. Your first
          payment is refunded in full if you ask within 30 days of it (our money-back guarantee); later
          payments are non-refundable. Prices may change with 30 days notice.
        </p>
      </>
    ),
  },
  {
    title: 'Acceptable use',
    body: (
      <p>
        You must comply with anti-spam and data protection laws, only contact people you have a lawful basis
        to contact, and not use the service to send unsolicited bulk email.
      </p>
    ),
  },
  {
    title: 'Your data',
    body: (
      <p>
        You own the lists you upload. Uploaded lists and results are deleted after 30 days and can be exported
        for 30 days after cancellation.
      </p>
    ),
  },
  {
    title: 'Availability',
    body: <p>We aim for 99.9% uptime but do not guarantee uninterrupted access.</p>,
  },
  {
    title: 'Limitation of liability',
    body: <p>The service is provided as is. Our liability is limited to the fees paid in the last month.</p>,
  },
];

export default function TermsPage() {
  const { productName } = useBranding();
  return <LegalPage title="Terms of Service" updated="January 1, 2025" sections={sections(productName)} />;
}
