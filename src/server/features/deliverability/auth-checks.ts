import type { DomainCheck, SendingProvider } from '../../../shared/deliverability';
import { mxValue, PROVIDER_DNS } from './providers';
import type { DomainResolver, Lookup } from './resolver';
import {
  allQualifier,
  countLookups,
  isSpf,
  mergeSpf,
  namesInclude,
  SPF_LOOKUP_LIMIT,
  withInclude,
} from './spf';

const withAll = (record: string) => `${record.replace(/\s[+?]?all$/i, '')} ~all`;
const withProviderInclude = (record: string, include: string | null) =>
  include && !namesInclude(record, include) ? withInclude(record, include) : record;

export interface AuthInput {
  resolver: DomainResolver;
  domain: string;
  provider: SendingProvider;
  dkimSelector?: string | null;
}

/** A look-up the resolver could not answer is "could not check", never a verdict on the domain. */
const unanswered = (key: DomainCheck['key'], name: string, a: Lookup<unknown>): DomainCheck | null =>
  !a.ok && !a.none
    ? {
        key,
        status: 'unknown',
        summary: `Could not look up ${name} (${a.code}); try again later.`,
        fix: null,
      }
    : null;

export async function checkMx({ resolver, domain, provider }: AuthInput): Promise<DomainCheck> {
  const a = await resolver.mx(domain);
  const failed = unanswered('mx', domain, a);
  if (failed) return failed;
  const hosts = a.ok ? a.records.filter((r) => r.exchange && r.exchange !== '.') : [];
  if (hosts.length) {
    const list = hosts.map((h) => h.exchange).join(', ');
    return { key: 'mx', status: 'pass', summary: `Receives mail at ${list}.`, fix: null };
  }
  return {
    key: 'mx',
    status: 'fail',
    summary: `${domain} has no mail server: replies and bounces to it are lost, and receivers distrust a sender that cannot receive.`,
    fix: { action: 'add', type: 'MX', name: domain, value: mxValue(provider, domain) },
  };
}

export async function checkSpf({ resolver, domain, provider }: AuthInput): Promise<DomainCheck> {
  const a = await resolver.txt(domain);
  const failed = unanswered('spf', domain, a);
  if (failed) return failed;
  const include = PROVIDER_DNS[provider].spfInclude;
  const spf = a.ok ? a.records.filter(isSpf) : [];
  const suggested = `v=spf1${include ? ` include:${include}` : ' mx'} ~all`;
  if (spf.length === 0) {
    return {
      key: 'spf',
      status: 'fail',
      summary: `${domain} has no SPF record: receivers cannot tell which servers may send its mail.`,
      fix: { action: 'add', type: 'TXT', name: domain, value: suggested },
    };
  }
  if (spf.length > 1) {
    return {
      key: 'spf',
      status: 'fail',
      summary: `${domain} has ${spf.length} SPF records; receivers treat that as an error. Replace them with one record that names every sender.`,
      fix: { action: 'change', type: 'TXT', name: domain, value: mergeSpf(spf, include) },
    };
  }
  const record = spf[0]!;
  const all = allQualifier(record);
  // "+all" passes every server on the internet: receivers and every checker call it an error.
  if (all === '+') {
    return {
      key: 'spf',
      status: 'fail',
      summary: `The SPF record ends in "+all": it lets any server on the internet send as ${domain}.`,
      fix: {
        action: 'change',
        type: 'TXT',
        name: domain,
        value: withAll(withProviderInclude(record, include)),
      },
    };
  }
  if (include && !namesInclude(record, include)) {
    return {
      key: 'spf',
      status: 'fail',
      summary: `The SPF record does not include ${PROVIDER_DNS[provider].name} (include:${include}), so its servers fail SPF.`,
      fix: { action: 'change', type: 'TXT', name: domain, value: withInclude(record, include) },
    };
  }
  const lookups = await countLookups(resolver, record);
  if (lookups > SPF_LOOKUP_LIMIT) {
    return {
      key: 'spf',
      status: 'fail',
      summary: `The SPF record needs more than ${SPF_LOOKUP_LIMIT} DNS look-ups (${lookups} counted), so it fails everywhere. Remove includes of services that do not send for you.`,
      fix: { action: 'change', type: 'TXT', name: domain, value: suggested },
    };
  }
  if (all === '?' || all === null) {
    return {
      key: 'spf',
      status: 'warn',
      summary: `The SPF record ends without "~all" or "-all" (neutral), so receivers cannot tell forged mail from ${domain}.`,
      fix: { action: 'change', type: 'TXT', name: domain, value: withAll(record) },
    };
  }
  const who = include ? `includes ${PROVIDER_DNS[provider].name}` : 'is present';
  return {
    key: 'spf',
    status: 'pass',
    summary: `One SPF record; it ${who} (${lookups} of ${SPF_LOOKUP_LIMIT} look-ups).`,
    fix: null,
  };
}

export async function checkDkim({
  resolver,
  domain,
  provider,
  dkimSelector,
}: AuthInput): Promise<DomainCheck> {
  const selectors = dkimSelector ? [dkimSelector] : PROVIDER_DNS[provider].dkimSelectors;
  let revoked: string | null = null;
  for (const selector of selectors) {
    const name = `${selector}._domainkey.${domain}`;
    const a = await resolver.txt(name);
    const failed = unanswered('dkim', name, a);
    if (failed) return failed;
    const key = a.ok ? a.records.find((r) => /(^|;)\s*p=/i.test(r)) : undefined;
    if (!key) continue;
    if (/(^|;)\s*p=\s*(;|$)/i.test(key)) {
      revoked ??= selector;
      continue;
    }
    return { key: 'dkim', status: 'pass', summary: `A DKIM key is published at ${name}.`, fix: null };
  }
  const selector = selectors[0]!;
  const tried = selectors.map((s) => `${s}._domainkey`).join(', ');
  return {
    key: 'dkim',
    status: 'fail',
    summary: revoked
      ? `The DKIM key at ${revoked}._domainkey.${domain} is empty (revoked): mail is not signed with a valid key.`
      : `No DKIM key found (looked at ${tried}). Unsigned mail lands in spam at Gmail and Outlook.`,
    fix: {
      action: revoked ? 'change' : 'add',
      type: provider === 'microsoft' ? 'CNAME' : 'TXT',
      name: `${revoked ?? selector}._domainkey.${domain}`,
      value:
        provider === 'microsoft'
          ? PROVIDER_DNS.microsoft.dkimHelp
          : `v=DKIM1; k=rsa; p=<${PROVIDER_DNS[provider].dkimHelp}>`,
    },
  };
}

/** A DMARC record's tags (`p`, `rua`…), lower-cased names. */
function dmarcTags(record: string): Map<string, string> {
  const tags = new Map<string, string>();
  for (const part of record.split(';')) {
    const [k, ...v] = part.split('=');
    if (k && v.length) tags.set(k.trim().toLowerCase(), v.join('=').trim());
  }
  return tags;
}

export async function checkDmarc({ resolver, domain }: AuthInput): Promise<DomainCheck> {
  const name = `_dmarc.${domain}`;
  const a = await resolver.txt(name);
  const failed = unanswered('dmarc', name, a);
  if (failed) return failed;
  const records = a.ok ? a.records.filter((r) => /^v=DMARC1\s*(;|$)/i.test(r.trim())) : [];
  const rua = `mailto:dmarc@${domain}`;
  if (records.length === 0) {
    return {
      key: 'dmarc',
      status: 'fail',
      summary: `${domain} has no DMARC record. Gmail and Yahoo require one from bulk senders.`,
      fix: { action: 'add', type: 'TXT', name, value: `v=DMARC1; p=none; rua=${rua}` },
    };
  }
  if (records.length > 1) {
    return {
      key: 'dmarc',
      status: 'fail',
      summary: `${name} has ${records.length} DMARC records; receivers then ignore them all. Keep one.`,
      fix: { action: 'change', type: 'TXT', name, value: records[0]! },
    };
  }
  const record = records[0]!.trim();
  const tags = dmarcTags(record);
  const policy = (tags.get('p') ?? '').toLowerCase();
  if (!['none', 'quarantine', 'reject'].includes(policy)) {
    return {
      key: 'dmarc',
      status: 'fail',
      summary: 'The DMARC record has no valid policy (p=none, quarantine or reject).',
      fix: { action: 'change', type: 'TXT', name, value: `v=DMARC1; p=none; rua=${rua}` },
    };
  }
  if (!tags.get('rua')) {
    return {
      key: 'dmarc',
      status: 'warn',
      summary: `DMARC policy "${policy}", but no reporting address (rua): nobody hears of mail failing it.`,
      fix: { action: 'change', type: 'TXT', name, value: `${record.replace(/;\s*$/, '')}; rua=${rua}` },
    };
  }
  if (policy === 'none') {
    return {
      key: 'dmarc',
      status: 'warn',
      summary: `DMARC policy "none" (monitoring only), reports to ${tags.get('rua')}. Move to quarantine once the reports are clean.`,
      fix: null,
    };
  }
  return {
    key: 'dmarc',
    status: 'pass',
    summary: `DMARC policy "${policy}", reports to ${tags.get('rua')}.`,
    fix: null,
  };
}
