import { getDomain } from 'tldts';
import type { DomainCheck } from '../../../shared/deliverability';
import { type AuthInput, unanswered } from './auth-checks';

// DMARC (RFC 7489; decision 0910): one record at _dmarc.<domain> (two is none: receivers ignore both),
// a valid policy `p` (and `sp` for subdomains), `pct` under 100 applies the policy to part of the mail
// only (warn), `adkim`/`aspf` r or s, and report addresses outside the domain must be authorised by their
// destination (`<domain>._report._dmarc.<destination>`, §7.1), or reports are never sent there.

export function dmarcTags(record: string): Map<string, string> {
  const tags = new Map<string, string>();
  for (const part of record.split(';')) {
    const [k, ...v] = part.split('=');
    if (k && v.length) tags.set(k.trim().toLowerCase(), v.join('=').trim());
  }
  return tags;
}

const POLICIES = ['none', 'quarantine', 'reject'];
const orgOf = (d: string) => (getDomain(d, { allowPrivateDomains: true }) ?? d).toLowerCase();

/** The report destinations of `rua`/`ruf` that are another organisation's domain. */
function externalDestinations(domain: string, tags: Map<string, string>): string[] {
  const out = new Set<string>();
  for (const tag of ['rua', 'ruf']) {
    for (const uri of (tags.get(tag) ?? '').split(',')) {
      const m = /^\s*mailto:[^@]+@([^!\s]+)/i.exec(uri);
      const dest = m?.[1]?.toLowerCase().replace(/\.$/, '');
      if (dest && orgOf(dest) !== orgOf(domain)) out.add(dest);
    }
  }
  return [...out];
}

type Finding = { status: 'fail' | 'warn'; text: string; value?: string };

export async function checkDmarc({ resolver, domain }: AuthInput): Promise<DomainCheck> {
  const name = `_dmarc.${domain}`;
  const a = await resolver.txt(name);
  const failed = unanswered('dmarc', name, a);
  if (failed) return failed;
  const records = a.ok ? a.records.filter((r) => /^v=DMARC1\s*(;|$)/i.test(r.trim())) : [];
  const rua = `mailto:dmarc@${domain}`;
  const fix = (value: string) => ({ action: 'change' as const, type: 'TXT' as const, name, value });
  if (records.length === 0) {
    return {
      key: 'dmarc',
      status: 'fail',
      summary: `${domain} has no DMARC record. Gmail, Yahoo and Microsoft require one from bulk senders.`,
      fix: { action: 'add', type: 'TXT', name, value: `v=DMARC1; p=none; rua=${rua}` },
    };
  }
  if (records.length > 1) {
    return {
      key: 'dmarc',
      status: 'fail',
      summary: `${name} has ${records.length} DMARC records; receivers then ignore them all. Keep one.`,
      fix: fix(records[0]!),
    };
  }
  const record = records[0]!.trim().replace(/;\s*$/, '');
  const tags = dmarcTags(record);
  const policy = (tags.get('p') ?? '').toLowerCase();
  if (!POLICIES.includes(policy)) {
    return {
      key: 'dmarc',
      status: 'fail',
      summary: 'The DMARC record has no valid policy (p=none, quarantine or reject).',
      fix: fix(`v=DMARC1; p=none; rua=${rua}`),
    };
  }
  const set = (tag: string, value: string) =>
    tags.has(tag)
      ? record.replace(new RegExp(`(^|;)\\s*${tag}\\s*=[^;]*`, 'i'), `$1 ${tag}=${value}`)
      : `${record}; ${tag}=${value}`;
  const findings: Finding[] = [];
  const sp = tags.get('sp')?.toLowerCase();
  if (sp !== undefined && !POLICIES.includes(sp))
    findings.push({
      status: 'fail',
      text: `The subdomain policy sp=${sp} is not valid (none, quarantine or reject).`,
      value: set('sp', policy),
    });
  for (const tag of ['adkim', 'aspf']) {
    const v = tags.get(tag)?.toLowerCase();
    if (v !== undefined && v !== 'r' && v !== 's')
      findings.push({
        status: 'warn',
        text: `${tag}=${v} is not valid (r for relaxed or s for strict); receivers read it as relaxed.`,
        value: set(tag, 'r'),
      });
  }
  const pct = tags.get('pct');
  if (pct !== undefined && Number(pct) < 100)
    findings.push({
      status: 'warn',
      text: `pct=${pct}: the policy applies to ${pct}% of failing mail only. Remove pct once reports are clean.`,
      value: set('pct', '100'),
    });
  if (!tags.get('rua'))
    findings.push({
      status: 'warn',
      text: `DMARC policy "${policy}", but no reporting address (rua): nobody hears of mail failing it.`,
      value: `${record}; rua=${rua}`,
    });
  for (const dest of externalDestinations(domain, tags)) {
    const auth = await resolver.txt(`${domain}._report._dmarc.${dest}`);
    const ok = auth.ok && auth.records.some((r) => /^v=DMARC1/i.test(r.trim()));
    if (!ok && (auth.ok || auth.none))
      findings.push({
        status: 'warn',
        text: `Reports go to ${dest}, which has not authorised them (no ${domain}._report._dmarc.${dest} record): they are not sent. Ask its owner to publish "v=DMARC1".`,
      });
  }
  if (policy === 'none')
    findings.push({
      status: 'warn',
      text: `DMARC policy "none" (monitoring only)${tags.get('rua') ? `, reports to ${tags.get('rua')}` : ''}. Move to quarantine once the reports are clean.`,
    });
  findings.sort((x, y) => (x.status === y.status ? 0 : x.status === 'fail' ? -1 : 1));
  const [first, ...rest] = findings;
  if (!first) {
    return {
      key: 'dmarc',
      status: 'pass',
      summary: `DMARC policy "${policy}", reports to ${tags.get('rua')}.`,
      fix: null,
    };
  }
  return {
    key: 'dmarc',
    status: first.status,
    summary: first.text,
    fix: first.value ? fix(first.value) : null,
    ...(rest.length ? { notes: rest.map((f) => f.text) } : {}),
  };
}
