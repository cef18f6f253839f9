import { LegalPage } from '../layout/LegalPage';

// Figures of the product's rules (retention, minimum age 16 in the privacy text).
const SECTIONS = [
  {
    title: 'Information we collect',
    body: (
      <p>
        Account details (username, email, name), the email lists you upload, verification results, scraping
        jobs and usage logs needed to run the service.
      </p>
    ),
  },
  {
    title: 'How we use your information',
    body: (
      <p>
        To verify and enrich your lists, run the features you request, bill your subscription and provide
        support. We never sell or share your contacts.
      </p>
    ),
  },
  {
    title: 'Data security',
    body: (
      <p>
        Your data is encrypted in transit and at rest. Integration API keys are stored on the server only.
      </p>
    ),
  },
  {
    title: 'Data retention',
    body: (
      <p>
        Uploaded lists and verification results are deleted after 30 days. Usage logs are kept for 90 days.
        Payment records are kept for about 7 years as required by law. After cancellation you can export your
        data for 30 days.
      </p>
    ),
  },
  {
    title: 'Third parties',
    body: (
      <p>
        We use a third-party email verifier, a payment provider and, at your request, your cold-email
        provider. They process data only to deliver the service.
      </p>
    ),
  },
  { title: 'Children', body: <p>The service is not intended for anyone under 16 years of age.</p> },
  {
    title: 'Your rights',
    body: <p>You can access, export, correct or delete your data at any time by contacting support.</p>,
  },
];

export default function PrivacyPage() {
  return <LegalPage title="Privacy Policy" updated="January 1, 2025" sections={SECTIONS} />;
}
