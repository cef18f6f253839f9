import { z } from 'zod';

// What Gmail and Yahoo (bulk senders, since February 2024) and Microsoft (outlook.com, since May 2025)
// require of a sender, each rule judged from the domain's checks (decision 0910). Some rules cannot be
// seen in DNS (alignment in real mail, one-click unsubscribe, TLS, the spam rate): those say so and how
// to see them (the header check, the receiver's postmaster tools), never pass or fail on a guess.

export const RECEIVERS = ['gmail', 'yahoo', 'microsoft'] as const;
export const RECEIVER_LABELS: Record<(typeof RECEIVERS)[number], string> = {
  gmail: 'Gmail',
  yahoo: 'Yahoo',
  microsoft: 'Microsoft (Outlook.com)',
};

export const requirementSchema = z.object({
  rule: z.string(),
  status: z.enum(['pass', 'fail', 'not_visible']),
  /** What to do: the record to fix, or where to look when DNS cannot tell. */
  fix: z.string().nullable(),
});
export const receiverRequirementsSchema = z.object({
  receiver: z.enum(RECEIVERS),
  rules: z.array(requirementSchema),
});
export type ReceiverRequirements = z.infer<typeof receiverRequirementsSchema>;
type Rule = z.infer<typeof requirementSchema>;
/** What a rule reads of a domain's check (shared/deliverability.ts's DomainCheck; kept structural so the
 * two contracts do not import each other). */
interface CheckSeen {
  key: string;
  status: string;
  summary: string;
}

const HEADERS = 'Send a message to yourself and paste its headers in the header check.';

function fromCheck(checks: CheckSeen[], key: string, rule: string, fix: string): Rule {
  const c = checks.find((x) => x.key === key);
  if (!c || c.status === 'unknown')
    return { rule, status: 'not_visible', fix: `Could not check: ${c?.summary ?? 'not checked yet.'}` };
  if (c.status === 'fail') return { rule, status: 'fail', fix: `${c.summary} ${fix}` };
  return { rule, status: 'pass', fix: null };
}

const notVisible = (rule: string, fix: string): Rule => ({ rule, status: 'not_visible', fix });

export function senderRequirements(checks: CheckSeen[]): ReceiverRequirements[] {
  const spf = fromCheck(
    checks,
    'spf',
    'SPF record for the sending domain',
    'Fix the SPF record shown above.',
  );
  const dkim = fromCheck(
    checks,
    'dkim',
    'DKIM signing with your domain',
    'Publish the DKIM key shown above.',
  );
  const dmarc = fromCheck(
    checks,
    'dmarc',
    'DMARC record, at least p=none',
    'Publish the DMARC record shown above.',
  );
  const ptr = fromCheck(
    checks,
    'ptr',
    'Forward and reverse DNS of the sending servers',
    'Ask your server host to set the reverse DNS (PTR).',
  );
  const alignment = notVisible('From aligned with SPF or DKIM (DMARC pass)', HEADERS);
  const unsubscribe = notVisible(
    'One-click unsubscribe (List-Unsubscribe-Post, RFC 8058)',
    `${HEADERS} Smartlead adds it when unsubscribe links are on.`,
  );
  const tls = notVisible('Mail sent over TLS', HEADERS);
  return [
    {
      receiver: 'gmail',
      rules: [
        spf,
        dkim,
        dmarc,
        alignment,
        ptr,
        tls,
        unsubscribe,
        notVisible(
          'Spam rate under 0.3%',
          'Read it in Google Postmaster Tools (postmaster.google.com) for your domain.',
        ),
      ],
    },
    {
      receiver: 'yahoo',
      rules: [
        spf,
        dkim,
        dmarc,
        alignment,
        ptr,
        unsubscribe,
        notVisible(
          'Spam rate under 0.3%',
          "Join Yahoo's Complaint Feedback Loop (senders.yahooinc.com) to see complaints.",
        ),
      ],
    },
    {
      receiver: 'microsoft',
      rules: [
        spf,
        dkim,
        dmarc,
        alignment,
        unsubscribe,
        notVisible('Valid From and Reply-To addresses', 'Send from a mailbox that receives replies.'),
      ],
    },
  ];
}
