import type { SendingProvider } from '../../../shared/deliverability';

// DKIM keys live at <selector>._domainkey.<domain>, and DNS cannot list a name's children: a checker can
// only ask for selectors it guesses. These are the selectors the common senders publish under (their
// documentation and what MXToolbox-style checkers try), the mailbox provider's first, then the services a
// domain also sends through (newsletters, CRMs, transactional mail), then the generic ones of mail servers
// and hosting panels. The user's own selector, when given, is asked before all of them.
const BY_SENDER: Record<string, string[]> = {
  google: ['google', 'google2048'],
  microsoft: ['selector1', 'selector2'],
  mailchimp: ['k1', 'k2', 'k3', 'mte1', 'mte2'],
  sendgrid: ['s1', 's2', 'smtpapi', 'em'],
  mailgun: ['mailo', 'mg', 'krs', 'pic', 'smtp'],
  amazonses: ['amazonses'],
  postmark: ['pm', 'pm-bounces'],
  zoho: ['zoho', 'zmail'],
  hubspot: ['hs1', 'hs2'],
  salesforce: ['sf1', 'sf2'],
  zendesk: ['zendesk1', 'zendesk2'],
  proton: ['protonmail', 'protonmail2', 'protonmail3'],
  fastmail: ['fm1', 'fm2', 'fm3'],
  yahoo: ['s1024', 's2048'],
  mandrill: ['mandrill'],
  campaignmonitor: ['cm'],
  sendinblue: ['mail', 'brevo'],
  generic: ['default', 'dkim', 'key1', 'key2', 'selector', 'mx', 'email', 'x'],
};

const FIRST: Record<SendingProvider, string[]> = {
  google: BY_SENDER.google!,
  microsoft: BY_SENDER.microsoft!,
  other: BY_SENDER.generic!,
};

/** The selectors to ask, in order: the user's own, the provider's, then every common one, once each. */
export function selectorsToTry(provider: SendingProvider, own?: string | null): string[] {
  const all = [...(own ? [own] : []), ...FIRST[provider], ...Object.values(BY_SENDER).flat()];
  return [...new Set(all.map((s) => s.toLowerCase()))];
}
