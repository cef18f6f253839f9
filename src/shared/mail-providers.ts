// Who runs a domain's mail, recognised from the name of its mail server (MX). One maintained table:
// a row per provider, the host-name suffixes that identify it, and one real-looking example that the
// tests check. `gateway` providers filter mail in front of someone else's mailboxes (their answers
// say little about the mailbox itself); `mailbox` providers hold the mailboxes.

export interface MailProvider {
  id: string;
  name: string;
  kind: 'mailbox' | 'gateway' | 'self-hosted';
}

interface Entry extends MailProvider {
  /** Host-name suffixes, matched on a label boundary ("x.google.com" matches "google.com"). */
  suffixes: string[];
  /** An MX host of this provider (tests resolve it). */
  example: string;
}

export const MAIL_PROVIDER_TABLE: Entry[] = [
  {
    id: 'google',
    name: 'Google Workspace',
    kind: 'mailbox',
    suffixes: ['google.com', 'googlemail.com'],
    example: 'aspmx.l.google.com',
  },
  {
    id: 'microsoft',
    name: 'Microsoft 365',
    kind: 'mailbox',
    suffixes: ['mail.protection.outlook.com', 'outlook.com', 'hotmail.com'],
    example: 'acme-com.mail.protection.outlook.com',
  },
  {
    id: 'yahoo',
    name: 'Yahoo',
    kind: 'mailbox',
    suffixes: ['yahoodns.net', 'yahoo.com'],
    example: 'mta5.am0.yahoodns.net',
  },
  {
    id: 'zoho',
    name: 'Zoho Mail',
    kind: 'mailbox',
    suffixes: ['zoho.com', 'zoho.eu', 'zoho.in', 'zoho.com.au', 'zohomail.com'],
    example: 'mx.zoho.eu',
  },
  {
    id: 'icloud',
    name: 'iCloud',
    kind: 'mailbox',
    suffixes: ['mail.icloud.com', 'icloud.com', 'me.com'],
    example: 'mx01.mail.icloud.com',
  },
  {
    id: 'fastmail',
    name: 'Fastmail',
    kind: 'mailbox',
    suffixes: ['messagingengine.com'],
    example: 'in1-smtp.messagingengine.com',
  },
  {
    id: 'proton',
    name: 'Proton Mail',
    kind: 'mailbox',
    suffixes: ['protonmail.ch'],
    example: 'mail.protonmail.ch',
  },
  {
    id: 'yandex',
    name: 'Yandex Mail',
    kind: 'mailbox',
    suffixes: ['yandex.net', 'yandex.ru'],
    example: 'mx.yandex.net',
  },
  { id: 'mailru', name: 'Mail.ru', kind: 'mailbox', suffixes: ['mail.ru'], example: 'mxs.mail.ru' },
  {
    id: 'gmx',
    name: 'GMX / WEB.DE',
    kind: 'mailbox',
    suffixes: ['gmx.net', 'gmx.com', 'web.de'],
    example: 'mx00.gmx.net',
  },
  {
    id: 'ionos',
    name: 'IONOS',
    kind: 'mailbox',
    suffixes: ['ionos.com', 'ionos.de', 'ionos.co.uk', 'kundenserver.de', '1and1.com'],
    example: 'mx00.ionos.com',
  },
  {
    id: 'godaddy',
    name: 'GoDaddy',
    kind: 'mailbox',
    suffixes: ['secureserver.net'],
    example: 'smtp.secureserver.net',
  },
  {
    id: 'ovh',
    name: 'OVHcloud',
    kind: 'mailbox',
    suffixes: ['mail.ovh.net', 'ovh.net'],
    example: 'mx1.mail.ovh.net',
  },
  {
    id: 'rackspace',
    name: 'Rackspace Email',
    kind: 'mailbox',
    suffixes: ['emailsrvr.com'],
    example: 'mx1.emailsrvr.com',
  },
  {
    id: 'amazon',
    name: 'Amazon WorkMail / SES',
    kind: 'mailbox',
    suffixes: ['amazonaws.com'],
    example: 'inbound-smtp.us-east-1.amazonaws.com',
  },
  {
    id: 'proofpoint',
    name: 'Proofpoint',
    kind: 'gateway',
    suffixes: ['pphosted.com', 'ppe-hosted.com'],
    example: 'mx0a-001b2d01.pphosted.com',
  },
  {
    id: 'mimecast',
    name: 'Mimecast',
    kind: 'gateway',
    suffixes: ['mimecast.com', 'mimecast.co.za', 'mimecast-offshore.com'],
    example: 'eu-smtp-inbound-1.mimecast.com',
  },
  {
    id: 'barracuda',
    name: 'Barracuda',
    kind: 'gateway',
    suffixes: ['barracudanetworks.com', 'cudasvc.com'],
    example: 'd123456a.ess.barracudanetworks.com',
  },
  {
    id: 'cisco',
    name: 'Cisco Secure Email',
    kind: 'gateway',
    suffixes: ['iphmx.com'],
    example: 'mx1.hc1234-56.iphmx.com',
  },
  {
    id: 'sophos',
    name: 'Sophos Email',
    kind: 'gateway',
    suffixes: ['sophos.com'],
    example: 'mx-01-eu-west-1.prod.hydra.sophos.com',
  },
  {
    id: 'trendmicro',
    name: 'Trend Micro Email Security',
    kind: 'gateway',
    suffixes: ['trendmicro.com', 'trendmicro.eu'],
    example: 'acme.in.tmes.trendmicro.eu',
  },
  {
    id: 'forcepoint',
    name: 'Forcepoint',
    kind: 'gateway',
    suffixes: ['mailcontrol.com'],
    example: 'cluster1.eu.messagelabs.mailcontrol.com',
  },
  {
    id: 'symantec',
    name: 'Broadcom (Symantec) Email Security',
    kind: 'gateway',
    suffixes: ['messagelabs.com'],
    example: 'cluster1.us.messagelabs.com',
  },
];

const SELF_HOSTED: MailProvider = { id: 'self-hosted', name: 'Self-hosted', kind: 'self-hosted' };

const clean = (host: string) => host.trim().toLowerCase().replace(/\.+$/, '');
const under = (host: string, suffix: string) => host === suffix || host.endsWith(`.${suffix}`);

/** The registrable-looking tail of a domain (the last two labels, three under a two-letter SLD like co.uk). */
function baseDomain(domain: string): string {
  const labels = domain.split('.');
  const n =
    labels.length >= 3 && labels[labels.length - 2].length <= 3 && labels[labels.length - 1].length === 2
      ? 3
      : 2;
  return labels.slice(-n).join('.');
}

/**
 * The provider behind an MX host, or null when the host is unknown. With the address's `domain`, a
 * mail server inside the domain's own name space ("mail.acme.com" for acme.com) is `self-hosted`.
 */
export function providerOf(mxHost: string | null | undefined, domain?: string | null): MailProvider | null {
  if (!mxHost) return null;
  const host = clean(mxHost);
  for (const e of MAIL_PROVIDER_TABLE) {
    if (e.suffixes.some((s) => under(host, s))) return { id: e.id, name: e.name, kind: e.kind };
  }
  if (domain && under(host, baseDomain(clean(domain)))) return SELF_HOSTED;
  return null;
}
