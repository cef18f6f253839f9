import type { ReactNode } from 'react';

/** The help center's questions and answers. */
export const FAQ: { q: string; a: ReactNode }[] = [
  {
    q: 'Why is everything risky?',
    a: (
      <>
        When almost every row says <em>Mail server could not be reached (not checked)</em>, the mail servers
        were not reachable from the verification server, usually because outgoing connections on port 25 are
        blocked by its hosting network. That is a property of the connection, not of your list: the addresses
        were simply not checked. The dashboard says so when it happens. Once the connection works, use{' '}
        <strong>Re-verify</strong> on the dashboard. Lists of company domains that accept every address
        (catch-all) are also mostly risky, which is expected.
      </>
    ),
  },
  {
    q: 'How long does a list take?',
    a: (
      <>
        Before a run has measured its own speed we estimate about one minute per 150 emails, and the final
        check can take 30–60 seconds for a slow mail server. Once the run is going, the dashboard shows the
        measured speed and the time left.
      </>
    ),
  },
  {
    q: 'Which emails can I send to Smartlead?',
    a: 'Valid ones. Risky ones only when you choose to include them; invalid ones never.',
  },
  {
    q: 'My trial ended. What still works?',
    a: (
      <>
        Everything you already have: your uploads, results, exports and campaigns stay available. Starting a
        new verification, a new scrape or a new campaign needs a plan.{' '}
        <a href="/subscribe" className="font-medium text-primary underline underline-offset-2">
          Upgrade
        </a>{' '}
        to continue.
      </>
    ),
  },
  {
    q: 'How long are my lists kept?',
    a: 'Uploaded lists and their results are deleted after 30 days. Download your exports before then.',
  },
  {
    q: 'Do you send email to the addresses?',
    a: 'No. The final check asks the mail server whether it would accept the address and stops before any message is sent.',
  },
];
