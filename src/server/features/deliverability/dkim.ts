import type { DomainCheck } from '../../../shared/deliverability';
import type { AuthInput } from './auth-checks';
import { type DkimKey, readDkimKey } from './dkim-key';
import { selectorsToTry } from './dkim-selectors';
import { PROVIDER_DNS } from './providers';

// DKIM (decision 0910): the keys published under the user's selector and the common ones, each judged by
// what receivers accept: RSA under 1024 bits is refused (fail), 1024 is weak (warn; 2048 is what Google
// and Microsoft issue), ed25519 alone is verified by few receivers (warn), `t=y` says "testing" (warn),
// an empty `p=` is a revoked key.

interface Found {
  selector: string;
  key: DkimKey;
  /** Where a CNAME sends the name (Microsoft 365's selector1 → …onmicrosoft.com). */
  via: string | null;
}

const BATCH = 10;

async function lookUpAll(i: AuthInput, selectors: string[]) {
  const found: Found[] = [];
  let failures = 0;
  for (let at = 0; at < selectors.length; at += BATCH) {
    const batch = selectors.slice(at, at + BATCH);
    const answers = await Promise.all(batch.map((s) => i.resolver.txt(`${s}._domainkey.${i.domain}`)));
    answers.forEach((a, n) => {
      if (!a.ok) {
        if (!a.none) failures++;
        return;
      }
      const record = a.records.find((r) => /(^|;)\s*p=/i.test(r));
      if (record) found.push({ selector: batch[n]!, key: readDkimKey(record), via: null });
    });
  }
  return { found, failures };
}

function judge(f: Found): { status: DomainCheck['status']; text: string } {
  const { key } = f;
  const where = `${f.selector}._domainkey${f.via ? ` (by CNAME to ${f.via})` : ''}`;
  if (key.type !== 'rsa' && key.type !== 'ed25519')
    return {
      status: 'fail',
      text: `The key at ${where} is of type "${key.type}", which receivers do not verify.`,
    };
  if (key.bits === null)
    return { status: 'fail', text: `The key at ${where} is not a valid ${key.type} key.` };
  if (key.type === 'rsa' && key.bits < 1024)
    return {
      status: 'fail',
      text: `The key at ${where} is RSA ${key.bits} bits: receivers refuse keys under 1024 bits.`,
    };
  if (key.type === 'rsa' && key.bits < 2048)
    return {
      status: 'warn',
      text: `The key at ${where} is RSA ${key.bits} bits: weak; publish a 2048-bit key.`,
    };
  if (key.testing)
    return {
      status: 'warn',
      text: `The key at ${where} has "t=y" (testing): receivers may treat its signatures as absent. Remove t=y.`,
    };
  return {
    status: 'pass',
    text: `A DKIM key is published at ${where} (${key.type}${key.type === 'rsa' ? ` ${key.bits} bits` : ''}).`,
  };
}

const RANK = { fail: 0, unknown: 1, warn: 2, pass: 3, info: 3 } as const;

export async function checkDkim(i: AuthInput): Promise<DomainCheck> {
  const { domain, provider } = i;
  const selectors = selectorsToTry(provider, i.dkimSelector);
  const { found, failures } = await lookUpAll(i, selectors);
  const live = found.filter((f) => !f.key.revoked);
  if (!live.length) {
    if (!found.length && failures) {
      return {
        key: 'dkim',
        status: 'unknown',
        summary: `Could not look up the DKIM selectors of ${domain}; try again later.`,
        fix: null,
      };
    }
    const revoked = found[0]?.selector ?? null;
    const selector = revoked ?? selectors[0]!;
    return {
      key: 'dkim',
      status: 'fail',
      summary: revoked
        ? `The DKIM key at ${revoked}._domainkey.${domain} is empty (revoked): mail is not signed with a valid key.`
        : `No DKIM key found (looked at ${selectors.length} selectors, ${selectors.slice(0, 3).join(', ')} first). Unsigned mail lands in spam at Gmail and Outlook.`,
      fix: {
        action: revoked ? 'change' : 'add',
        type: provider === 'microsoft' ? 'CNAME' : 'TXT',
        name: `${selector}._domainkey.${domain}`,
        value:
          provider === 'microsoft'
            ? PROVIDER_DNS.microsoft.dkimHelp
            : `v=DKIM1; k=rsa; p=<${PROVIDER_DNS[provider].dkimHelp}>`,
      },
    };
  }
  // The key the user named is the one judged first; otherwise the best of those found.
  const own = live.find((f) => f.selector === i.dkimSelector?.toLowerCase());
  const judged = live.map((f) => ({ f, ...judge(f) })).sort((a, b) => RANK[b.status] - RANK[a.status]);
  const main = own ? judged.find((j) => j.f === own)! : judged[0]!;
  const cname = await i.resolver.cname(`${main.f.selector}._domainkey.${domain}`);
  if (cname.ok && cname.records[0]) {
    main.f.via = cname.records[0].replace(/\.$/, '');
    Object.assign(main, judge(main.f));
  }
  const notes = judged.filter((j) => j !== main).map((j) => j.text);
  let status = main.status;
  let summary = main.text;
  if (status === 'pass' && !live.some((f) => f.key.type === 'rsa')) {
    status = 'warn';
    summary = `${summary} Only ed25519 keys: many receivers verify only RSA, so sign with an RSA key too.`;
  }
  const fix =
    status === 'pass'
      ? null
      : {
          action: 'change' as const,
          type: 'TXT' as const,
          name: `${main.f.selector}._domainkey.${domain}`,
          value: `v=DKIM1; k=rsa; p=<${PROVIDER_DNS[provider].dkimHelp}, 2048 bits>`,
        };
  return { key: 'dkim', status, summary, fix, ...(notes.length ? { notes } : {}) };
}
