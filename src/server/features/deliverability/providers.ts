import type { SendingProvider } from '../../../shared/deliverability';
import { providerOf } from '../../../shared/mail-providers';

/** What a mailbox provider needs in its customers' DNS: the SPF include, DKIM selectors and MX. */
export interface ProviderDns {
  name: string;
  /** The `include:` its SPF record must carry; null when we cannot know (a server of one's own). */
  spfInclude: string | null;
  /** Selectors its DKIM keys are published under, in the order tried. */
  dkimSelectors: string[];
  /** The MX record it asks for, `{domain}` standing for the domain with dots as dashes. */
  mx: string;
  /** Where the admin finds the DKIM key to publish. */
  dkimHelp: string;
}

export const PROVIDER_DNS: Record<SendingProvider, ProviderDns> = {
  google: {
    name: 'Google Workspace',
    spfInclude: '_spf.google.com',
    dkimSelectors: ['google'],
    mx: '1 smtp.google.com',
    dkimHelp: 'the key from Google Admin → Apps → Google Workspace → Gmail → Authenticate email',
  },
  microsoft: {
    name: 'Microsoft 365',
    spfInclude: 'spf.protection.outlook.com',
    dkimSelectors: ['selector1', 'selector2'],
    mx: '0 {domain}.mail.protection.outlook.com',
    dkimHelp: 'the CNAME target shown in Microsoft Defender → Email authentication settings → DKIM',
  },
  other: {
    name: 'your mail server',
    spfInclude: null,
    // The selectors most hosting panels and mail servers use.
    dkimSelectors: ['default', 'dkim', 'mail', 'k1', 's1', 's2', 'selector1', 'selector2', 'google'],
    mx: '10 mail.{domain}',
    dkimHelp: 'the public key your mail server or hosting panel shows for DKIM',
  },
};

/** The provider a mailbox type or a domain's MX points to; `other` when neither tells. */
export function sendingProviderOf(opts: { type?: string | null; mxHosts?: string[] }): SendingProvider {
  const type = (opts.type ?? '').toUpperCase();
  if (type === 'GMAIL') return 'google';
  if (type === 'OUTLOOK') return 'microsoft';
  for (const host of opts.mxHosts ?? []) {
    const p = providerOf(host);
    if (p?.id === 'google' || p?.id === 'microsoft') return p.id;
  }
  return 'other';
}

export const mxValue = (provider: SendingProvider, domain: string) =>
  PROVIDER_DNS[provider].mx.replace('{domain}', domain.replace(/\./g, '-'));
