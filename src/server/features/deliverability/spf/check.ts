import type { DomainCheck } from '../../../../shared/deliverability';
import { type AuthInput, unanswered } from '../auth-checks';
import { PROVIDER_DNS } from '../providers';
import { evaluateSpf, SPF_LOOKUP_LIMIT } from './evaluate';
import { allQualifier, isSpf, mergeSpf, withInclude } from './record';

const withAll = (record: string) => `${record.replace(/\s[+?]?all$/i, '')} ~all`;

/** The domain's SPF record judged as receivers judge it, with its tree (decision 0910). */
export async function checkSpf({ resolver, domain, provider }: AuthInput): Promise<DomainCheck> {
  const a = await resolver.txt(domain);
  const failed = unanswered('spf', domain, a);
  if (failed) return failed;
  const include = PROVIDER_DNS[provider].spfInclude;
  const spf = a.ok ? a.records.filter(isSpf) : [];
  const suggested = `v=spf1${include ? ` include:${include}` : ' mx'} ~all`;
  const change = (value: string) => ({
    action: 'change' as const,
    type: 'TXT' as const,
    name: domain,
    value,
  });
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
      fix: change(mergeSpf(spf, include)),
    };
  }
  const record = spf[0]!;
  const ev = await evaluateSpf(resolver, domain, record);
  const tree = ev.tree;
  const notes = [...ev.errors, ...ev.warnings];
  const missing = include && !ev.includes.has(include) ? include : null;
  const fixed = missing ? withInclude(record, missing) : record;
  const all = allQualifier(record);
  // "+all" passes every server on the internet: receivers and every checker call it an error.
  if (all === '+') {
    return {
      key: 'spf',
      status: 'fail',
      summary: `The SPF record ends in "+all": it lets any server on the internet send as ${domain}.`,
      fix: change(withAll(fixed)),
      notes,
      tree,
    };
  }
  if (ev.errors.length) {
    const tooMany = ev.lookups > SPF_LOOKUP_LIMIT;
    return {
      key: 'spf',
      status: 'fail',
      summary: tooMany
        ? `The SPF record needs more than ${SPF_LOOKUP_LIMIT} DNS look-ups (${ev.lookups} counted), so it fails everywhere (permanent error). Remove includes of services that do not send for you.`
        : `The SPF record is a permanent error at receivers: ${ev.errors[0]}`,
      fix: tooMany ? change(suggested) : null,
      notes: notes.slice(1),
      tree,
    };
  }
  if (missing) {
    return {
      key: 'spf',
      status: 'fail',
      summary: `The SPF record does not include ${PROVIDER_DNS[provider].name} (include:${missing}), so its servers fail SPF.`,
      fix: change(fixed),
      notes,
      tree,
    };
  }
  if (all === '?' || all === null) {
    return {
      key: 'spf',
      status: 'warn',
      summary: `The SPF record ends without "~all" or "-all" (neutral), so receivers cannot tell forged mail from ${domain}.`,
      fix: change(withAll(record)),
      notes,
      tree,
    };
  }
  const counted = `${ev.lookups} of ${SPF_LOOKUP_LIMIT} look-ups, ${ev.voids} void`;
  if (ev.warnings.length) {
    return {
      key: 'spf',
      status: 'warn',
      summary: `The SPF record works (${counted}), but ${ev.warnings[0]} Replace it with the addresses it stands for.`,
      fix: null,
      notes: notes.slice(1),
      tree,
    };
  }
  const who = include ? `includes ${PROVIDER_DNS[provider].name}` : 'is present';
  return { key: 'spf', status: 'pass', summary: `One SPF record; it ${who} (${counted}).`, fix: null, tree };
}
