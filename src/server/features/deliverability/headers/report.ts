import { getDomain } from 'tldts';
import {
  type HeaderFinding,
  type HeaderReport,
  headerCheckInputSchema,
} from '../../../../shared/deliverability';
import { badRequest } from '../../../platform/http/errors';
import {
  type AuthResult,
  addressDomain,
  all,
  first,
  parseAuthResults,
  readHeaders,
  readHop,
  signatureTags,
} from './parse';

// The header check (decision 0910): what the receiver said about one message (SPF, DKIM,
// DMARC and their alignment with From), its unsubscribe headers (RFC 8058 one-click), and the TLS of
// each hop. Text only: a header naming a host or a URL is never fetched or resolved.

const org = (d: string | null) => (d ? (getDomain(d, { allowPrivateDomains: true }) ?? d) : null);
/** Relaxed alignment (RFC 7489 §3.1): the same organisational domain. */
const aligned = (a: string | null, b: string | null) => Boolean(a && b && org(a) === org(b));

export function checkHeaders(input: unknown): HeaderReport {
  const { headers: raw } = headerCheckInputSchema.parse(input);
  let headers: ReturnType<typeof readHeaders>;
  try {
    headers = readHeaders(raw);
  } catch (err) {
    throw badRequest((err as Error).message);
  }
  const fromDomain = addressDomain(first(headers, 'from'));
  const ar = first(headers, 'authentication-results');
  const parsed = ar ? parseAuthResults(ar) : { server: null, results: [] as AuthResult[] };
  const method = (m: string) => parsed.results.filter((r) => r.method === m);
  const spfResult = method('spf')[0];
  const envelopeDomain =
    addressDomain(first(headers, 'return-path')) ??
    (spfResult?.props['smtp.mailfrom']
      ? addressDomain(`x@${spfResult.props['smtp.mailfrom'].replace(/^.*@/, '')}`)
      : null);
  const spfDomain = spfResult?.props['smtp.mailfrom']?.replace(/^.*@/, '').toLowerCase() ?? envelopeDomain;
  const spf = {
    result: spfResult?.result ?? 'none',
    domain: spfDomain,
    aligned: aligned(spfDomain, fromDomain),
  };

  const signatures = all(headers, 'dkim-signature').map(signatureTags);
  const dkimResults = method('dkim');
  const dkim = signatures.map((tags) => {
    const d = (tags.get('d') ?? '').toLowerCase();
    const r =
      dkimResults.find((x) => (x.props['header.d'] ?? '').toLowerCase() === d) ??
      (signatures.length === 1 ? dkimResults[0] : undefined);
    return {
      domain: d,
      selector: tags.get('s') ?? null,
      result: r?.result ?? 'unknown',
      aligned: aligned(d, fromDomain),
    };
  });
  for (const r of dkimResults) {
    const d = (r.props['header.d'] ?? r.props['header.i']?.replace(/^.*@/, '') ?? '').toLowerCase();
    if (d && !dkim.some((x) => x.domain === d))
      dkim.push({
        domain: d,
        selector: r.props['header.s'] ?? null,
        result: r.result,
        aligned: aligned(d, fromDomain),
      });
  }
  const dmarcResult = method('dmarc')[0];
  const passesAligned =
    (spf.result === 'pass' && spf.aligned) || dkim.some((d) => d.result === 'pass' && d.aligned);
  const dmarc = dmarcResult
    ? { result: dmarcResult.result, fromReceiver: true }
    : { result: passesAligned ? 'pass' : 'fail', fromReceiver: false };

  const listUnsub = first(headers, 'list-unsubscribe');
  const post = first(headers, 'list-unsubscribe-post');
  const signedFields = signatures
    .filter((t) => dkim.find((d) => d.domain === (t.get('d') ?? '').toLowerCase())?.result === 'pass')
    .flatMap((t) => (t.get('h') ?? '').toLowerCase().split(':'));
  const https = /<https:\/\/[^>]+>/i.test(listUnsub ?? '');
  const oneClick =
    https &&
    /^List-Unsubscribe=One-Click$/i.test(post ?? '') &&
    signedFields.includes('list-unsubscribe') &&
    signedFields.includes('list-unsubscribe-post');
  const hops = all(headers, 'received').map(readHop);

  const findings = judge({
    fromDomain,
    authServer: parsed.server,
    spf,
    dkim,
    dmarc,
    listUnsub,
    post,
    https,
    oneClick,
    signedFields,
    hops,
  });
  return {
    fromDomain,
    envelopeDomain,
    authServer: parsed.server,
    authResults: parsed.results,
    spf,
    dkim,
    dmarc,
    unsubscribe: { header: listUnsub, post, oneClick },
    hops,
    findings,
  };
}

type Facts = Pick<HeaderReport, 'fromDomain' | 'authServer' | 'spf' | 'dkim' | 'dmarc' | 'hops'> & {
  listUnsub: string | null;
  post: string | null;
  https: boolean;
  oneClick: boolean;
  signedFields: string[];
};

function judge(f: Facts): HeaderFinding[] {
  const out: HeaderFinding[] = [];
  const add = (status: HeaderFinding['status'], text: string) => out.push({ status, text });
  if (!f.authServer)
    add(
      'warn',
      'No Authentication-Results header: paste the headers as the receiving mailbox shows them (send to yourself at Gmail or Outlook), so its verdict is there.',
    );
  if (f.spf.result === 'pass' && f.spf.aligned)
    add('pass', `SPF passes for ${f.spf.domain}, aligned with From (${f.fromDomain}).`);
  else if (f.spf.result === 'pass')
    add(
      'warn',
      `SPF passes for ${f.spf.domain}, which is not From's domain (${f.fromDomain}): it does not count for DMARC.`,
    );
  else if (f.authServer)
    add(
      'fail',
      `SPF ${f.spf.result}${f.spf.domain ? ` for ${f.spf.domain}` : ''}: the sending server is not in the domain's SPF record.`,
    );
  const goodDkim = f.dkim.find((d) => d.result === 'pass' && d.aligned);
  if (goodDkim) add('pass', `DKIM passes for ${goodDkim.domain}, aligned with From.`);
  else if (f.dkim.some((d) => d.result === 'pass'))
    add(
      'fail',
      `DKIM passes only for ${f.dkim
        .filter((d) => d.result === 'pass')
        .map((d) => d.domain)
        .join(', ')}, not From's domain (${f.fromDomain}): sign with your own domain's key.`,
    );
  else
    add(
      'fail',
      f.dkim.length
        ? `DKIM ${f.dkim.map((d) => `${d.result} for ${d.domain}`).join(', ')}.`
        : 'The message is not DKIM-signed.',
    );
  if (f.dmarc.result === 'pass')
    add(
      'pass',
      `DMARC passes${f.dmarc.fromReceiver ? ' (the receiver says so)' : ' (an aligned SPF or DKIM pass)'}.`,
    );
  else
    add(
      'fail',
      `DMARC ${f.dmarc.result}: neither SPF nor DKIM passes aligned with From (${f.fromDomain}). Gmail, Yahoo and Microsoft refuse or junk such bulk mail.`,
    );
  if (!f.listUnsub)
    add(
      'warn',
      'No List-Unsubscribe header: Gmail and Yahoo require one-click unsubscribe from bulk senders (RFC 8058).',
    );
  else if (f.oneClick)
    add(
      'pass',
      'One-click unsubscribe (RFC 8058): an https List-Unsubscribe, List-Unsubscribe-Post, both signed by DKIM.',
    );
  else if (!f.https)
    add('warn', 'List-Unsubscribe has no https address: one-click unsubscribe (RFC 8058) needs one.');
  else if (!/^List-Unsubscribe=One-Click$/i.test(f.post ?? ''))
    add(
      'warn',
      'No "List-Unsubscribe-Post: List-Unsubscribe=One-Click" header: unsubscribe is not one-click (RFC 8058).',
    );
  else
    add(
      'warn',
      'The unsubscribe headers are not covered by a passing DKIM signature (h=), so receivers do not trust them as one-click.',
    );
  const plain = f.hops.filter((h) => h.tls === false);
  if (plain.length)
    add(
      'warn',
      `Hop${plain.length > 1 ? 's' : ''} without TLS: ${plain.map((h) => `${h.from ?? '?'} → ${h.by ?? '?'}`).join('; ')}.`,
    );
  else if (f.hops.some((h) => h.tls)) add('pass', 'Every hop that says how it was sent used TLS.');
  return out;
}
