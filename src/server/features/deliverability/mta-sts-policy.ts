import type { DomainCheck } from '../../../shared/deliverability';
import type { HttpsFetch } from './https-fetch';

// MTA-STS's policy file (RFC 8461 §3.2), judged as a sending server reads it: fetched over HTTPS with a
// valid certificate for mta-sts.<domain>, `version: STSv1`, a mode, a max_age, and `mx:` patterns every
// MX host of the domain must match (a leading `*.` matches one label). A policy senders cannot use fails;
// testing mode and a short max_age warn; mode none is info (the domain has switched MTA-STS off).

export interface StsPolicy {
  version: string | null;
  mode: string | null;
  maxAge: number | null;
  mx: string[];
}

export function parseStsPolicy(text: string): StsPolicy {
  const p: StsPolicy = { version: null, mode: null, maxAge: null, mx: [] };
  for (const line of text.split(/\r?\n/)) {
    const m = /^\s*([a-z_]+)\s*:\s*(.*?)\s*$/i.exec(line);
    if (!m) continue;
    const key = m[1]!.toLowerCase();
    const value = m[2]!;
    if (key === 'version') p.version = value;
    else if (key === 'mode') p.mode = value.toLowerCase();
    else if (key === 'max_age') p.maxAge = /^\d{1,10}$/.test(value) ? Number(value) : Number.NaN;
    else if (key === 'mx') p.mx.push(value.toLowerCase().replace(/\.$/, ''));
  }
  return p;
}

/** RFC 8461 §4.1: `*.example.com` matches exactly one more label; anything else matches itself. */
export function mxMatches(host: string, pattern: string): boolean {
  const h = host.toLowerCase().replace(/\.$/, '');
  if (pattern.startsWith('*.')) {
    const rest = pattern.slice(2);
    const dot = h.indexOf('.');
    return dot > 0 && h.slice(dot + 1) === rest;
  }
  return h === pattern;
}

export const MIN_MAX_AGE = 86_400;
type Finding = { status: 'fail' | 'warn' | 'info'; text: string };

export async function judgeStsPolicy(i: {
  domain: string;
  id: string;
  mxHosts: string[];
  fetch: HttpsFetch;
}): Promise<DomainCheck> {
  const url = `https://mta-sts.${i.domain}/.well-known/mta-sts.txt`;
  const res = await i.fetch(url);
  const fail = (summary: string): DomainCheck => ({ key: 'mta_sts', status: 'fail', summary, fix: null });
  if (!res.ok) {
    if (res.reason === 'dns')
      return fail(
        `mta-sts.${i.domain} has no address: senders cannot fetch the policy, so MTA-STS does nothing.`,
      );
    if (res.reason === 'tls')
      return fail(
        `The certificate of mta-sts.${i.domain} is not valid (${res.message}): senders refuse the policy.`,
      );
    return {
      key: 'mta_sts',
      status: 'unknown',
      summary: `MTA-STS record published (id ${i.id}), but its policy at ${url} could not be fetched (${res.message}).`,
      fix: null,
    };
  }
  if (res.status !== 200) return fail(`${url} answered HTTP ${res.status}: senders find no policy.`);
  if (res.truncated) return fail(`${url} is over 64 KB: not a policy file.`);
  const p = parseStsPolicy(res.body);
  const found: Finding[] = [];
  if (p.version !== 'STSv1')
    found.push({ status: 'fail', text: 'The policy file needs the line "version: STSv1".' });
  if (!p.mode || !['enforce', 'testing', 'none'].includes(p.mode))
    found.push({ status: 'fail', text: 'The policy needs "mode: enforce", "testing" or "none".' });
  if (p.maxAge === null || Number.isNaN(p.maxAge) || p.maxAge > 31_557_600)
    found.push({ status: 'fail', text: 'The policy needs max_age in seconds (at most 31557600).' });
  else if (p.maxAge < MIN_MAX_AGE)
    found.push({
      status: 'warn',
      text: `max_age is ${p.maxAge} seconds: senders forget the policy within a day (use 604800 or more).`,
    });
  if (p.mode === 'testing')
    found.push({
      status: 'warn',
      text: 'Mode testing: failures are only reported, senders still deliver without TLS.',
    });
  if (p.mode === 'none') found.push({ status: 'info', text: 'Mode none: the policy is switched off.' });
  if (p.mode !== 'none') {
    const unmatched = i.mxHosts.filter((h) => !p.mx.some((pat) => mxMatches(h, pat)));
    if (!p.mx.length)
      found.push({ status: 'fail', text: 'The policy lists no mx: line: senders can deliver nowhere.' });
    else if (unmatched.length)
      found.push({
        status: p.mode === 'enforce' ? 'fail' : 'warn',
        text: `${unmatched.join(', ')} ${unmatched.length > 1 ? 'match' : 'matches'} no mx: line of the policy (${p.mx.join(', ')}): ${p.mode === 'enforce' ? 'senders refuse to deliver there' : 'enforcing would refuse delivery there'}.`,
      });
  }
  const order = { fail: 0, warn: 1, info: 2 } as const;
  found.sort((a, b) => order[a.status] - order[b.status]);
  if (!found.length) {
    return {
      key: 'mta_sts',
      status: 'pass',
      summary: `MTA-STS enforced (id ${i.id}, max_age ${p.maxAge}); every MX matches the policy (${p.mx.join(', ')}).`,
      fix: null,
    };
  }
  const [first, ...rest] = found;
  return {
    key: 'mta_sts',
    status: first!.status,
    summary: first!.text,
    fix: null,
    ...(rest.length ? { notes: rest.map((f) => f.text) } : {}),
  };
}
