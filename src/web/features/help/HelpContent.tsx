import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { RESULT_CSV_COLUMNS } from '../../../shared/verification';
import { AiAssistantsHelp } from './AiAssistantsHelp';
import { FAQ } from './faq';
import { ReasonsTable } from './ReasonsTable';

const VERDICTS = [
  {
    name: 'Valid',
    tone: 'bg-emerald-100 text-emerald-900',
    text: 'Both checks passed and the mail server confirmed the mailbox. These are the addresses to send to.',
  },
  {
    name: 'Invalid',
    tone: 'bg-red-100 text-red-900',
    text: 'The address cannot receive mail: badly written, the domain takes no mail, or the server said the mailbox does not exist. Do not send; it would bounce and hurt your sender reputation.',
  },
  {
    name: 'Risky',
    tone: 'bg-amber-100 text-amber-900',
    text: 'The address might work but could not be confirmed: catch-all domains, shared role mailboxes, throwaway inboxes, or a server we could not check. Send only if you accept some bounces.',
  },
  {
    name: 'Pending',
    tone: 'bg-slate-100 text-slate-900',
    text: 'Not checked yet: the list has not been started, or the check is still running.',
  },
];

const EXPORT_COLUMNS: Record<(typeof RESULT_CSV_COLUMNS)[number], string> = {
  initial_status: 'result of step 1 (valid, invalid, risky or pending)',
  final_status: 'the verdict to use: step 2 for rows that reached it, else step 1',
  reason: 'the reason code (for spreadsheets and scripts)',
  reason_text: 'the same reason in words',
  role: 'true for shared mailboxes (info@, sales@…)',
  free: 'true for free providers (gmail.com…)',
  disposable: 'true for throwaway-inbox providers',
  suggestion: 'a likely correction for a typo in the domain (gmial.com → gmail.com)',
  mx_host: 'the mail server that was asked',
  smtp_code: "the server's reply code, when it answered",
  smtp_message: "the server's reply, or what went wrong connecting to it, in words",
  provider: 'who runs the mail, recognised from the mail server (Google Workspace, Microsoft 365…)',
  checked_at: 'when the address was last checked (UTC)',
  score:
    'confidence 0–100: the estimated chance a message is delivered; catch-all rows learn from your own sends',
  decided_by:
    'how the verdict was reached: initial_check, smtp (the server’s answer), cache (its answer to a recent check), verifier or send_outcome (a bounce in your campaigns)',
  attempts:
    'how many times the mail server was asked (greylisting and dropped sessions ask again; a request to slow down does not count); 0 when a recent check answered or no server could be asked',
};

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="scroll-mt-24">
      <h2 id={`${id}-title`} className="text-2xl font-semibold tracking-tight">
        {title}
      </h2>
      <div className="mt-4 grid gap-4 leading-relaxed text-muted-foreground">{children}</div>
    </section>
  );
}

const TOC = [
  ['how-it-works', 'How verification works'],
  ['verdicts', 'What each verdict means'],
  ['reasons', 'Reasons'],
  ['csv', 'CSV format'],
  ['ai-assistants', 'AI assistants'],
  ['faq', 'FAQ'],
];

const linkClass = 'font-medium text-primary underline underline-offset-2';

/** The help center (/help): shared by the public page and the signed-in screen. */
export function HelpContent() {
  return (
    <div className="grid gap-12 lg:grid-cols-[14rem_1fr]">
      <nav aria-label="On this page" className="lg:sticky lg:top-24 lg:self-start">
        <ul className="flex flex-wrap gap-2 text-sm lg:flex-col">
          {TOC.map(([id, label]) => (
            <li key={id}>
              <a href={`#${id}`} className="text-primary underline-offset-2 hover:underline">
                {label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <div className="grid min-w-0 gap-12">
        <Section id="how-it-works" title="How verification works">
          <ol className="grid list-decimal gap-3 pl-5">
            <li>
              <strong className="text-foreground">Upload a CSV.</strong> We find the email column (and name
              and company, when present) and show a preview. Nothing is checked until you press Start.
            </li>
            <li>
              <strong className="text-foreground">Step 1, initial check.</strong> Every address is checked for
              format and domain: is it written correctly, does the domain exist and accept mail, is it a
              throwaway provider. No mail server is contacted.
            </li>
            <li>
              <strong className="text-foreground">Step 2, final verification.</strong> Addresses that passed
              step 1 are checked with their mail server, which tells us whether the mailbox exists. No email
              is ever sent.
            </li>
            <li>
              <strong className="text-foreground">Review and export.</strong> Filter, search and download
              valid, invalid or all rows, or send valid ones to a Smartlead campaign.
            </li>
          </ol>
        </Section>

        <Section id="verdicts" title="What each verdict means">
          <dl className="grid gap-3">
            {VERDICTS.map((v) => (
              <div key={v.name} className="grid gap-1 rounded-lg border bg-card p-4 sm:grid-cols-[7rem_1fr]">
                <dt>
                  <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${v.tone}`}>
                    {v.name}
                  </span>
                </dt>
                <dd className="text-sm">{v.text}</dd>
              </div>
            ))}
          </dl>
        </Section>

        <Section id="reasons" title="Reasons">
          <p>Every checked row carries a reason. The export has the code and the same words as the screen.</p>
          <ReasonsTable />
        </Section>

        <Section id="csv" title="CSV format">
          <p>
            Any CSV up to 10 MB with one address per row. A header row helps: a column named like{' '}
            <code>email</code>, <code>name</code> (or first and last name) and <code>company</code> (also{' '}
            <code>Firma</code>, <code>Empresa</code>, <code>Société</code>…) is recognised; without headers we
            find the email column by its content. Other columns are kept as they are.{' '}
            <a href="/email-template.csv" className={linkClass}>
              Download the CSV template
            </a>
            .
          </p>
          <p>Exports keep your columns and add these:</p>
          <dl className="grid gap-1 text-sm sm:grid-cols-[10rem_1fr]">
            {RESULT_CSV_COLUMNS.map((c) => (
              <div key={c} className="contents">
                <dt>
                  <code className="text-foreground">{c}</code>
                </dt>
                <dd>{EXPORT_COLUMNS[c]}</dd>
              </div>
            ))}
          </dl>
        </Section>

        <Section id="ai-assistants" title="AI assistants (MCP)">
          <AiAssistantsHelp linkClass={linkClass} />
        </Section>

        <Section id="faq" title="FAQ">
          <div className="grid gap-3">
            {FAQ.map((f) => (
              <details key={f.q} className="group rounded-lg border bg-card p-4">
                <summary className="cursor-pointer font-medium text-foreground">{f.q}</summary>
                <div className="mt-2 text-sm">{f.a}</div>
              </details>
            ))}
          </div>
          <p>
            Still stuck?{' '}
            <Link href="/contact" className={linkClass}>
              Contact us
            </Link>{' '}
            or see{' '}
            <Link href="/support" className={linkClass}>
              support options
            </Link>
            .
          </p>
        </Section>
      </div>
    </div>
  );
}
