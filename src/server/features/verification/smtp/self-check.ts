import { DnsClient } from '../dns';
import { lookupDomain, resolveTargets } from '../mx';
import { DEFAULT_SMTP } from '../options';
import { parseProxyList } from '../proxy-list';
import type { VerifierOptions } from '../types';
import { mayConnect } from './address-guard';
import { SmtpConnection } from './connection';
import { networkDownMessage } from './network';

export interface ReachabilityReport {
  ok: boolean;
  /** What was tried and what happened, for the log. */
  tried: Array<{ domain: string; ip: string | null; result: string }>;
  message: string | null;
}

/**
 * Can this machine open an SMTP connection at all? Connects (banner only, then closes) to the first
 * MX of a few well-known domains through the configured resolver and proxy. One success is enough;
 * all failing means outbound port 25 is blocked here, which step 2 would otherwise misread as
 * "unreachable" for every address.
 */
export async function checkReachability(
  options: VerifierOptions,
  domains: string[],
): Promise<ReachabilityReport> {
  const smtp = { ...DEFAULT_SMTP, ...options.smtp };
  // The default way out (the first proxy given to no provider): the one most mail leaves by.
  const proxy = parseProxyList(smtp.proxy).find((p) => p.provider === null);
  const dns = new DnsClient({ servers: options.dnsServers, timeoutMs: options.dnsTimeoutMs, tries: 1 });
  const tried: ReachabilityReport['tried'] = [];
  try {
    const results = await Promise.all(
      domains.map(async (domain) => {
        const v = await lookupDomain(dns, domain);
        if (v.kind !== 'mx') return tried.push({ domain, ip: null, result: `no MX (${v.kind})` }) && false;
        const target = (await resolveTargets(dns, v.mx)).find((t) => mayConnect(t.ip, smtp.allowPrivate));
        if (!target) return tried.push({ domain, ip: null, result: 'no public MX address' }) && false;
        try {
          const conn = await SmtpConnection.open({
            ip: target.ip,
            port: smtp.port,
            timeoutMs: smtp.timeoutMs,
            proxy,
          });
          const banner = await conn.read().catch((err: Error) => ({ code: 0, text: err.message }));
          conn.close();
          tried.push({ domain, ip: target.ip, result: `${banner.code} ${banner.text}`.slice(0, 120) });
          return banner.code > 0;
        } catch (err) {
          tried.push({ domain, ip: target.ip, result: (err as Error).message });
          return false;
        }
      }),
    );
    const ok = results.some(Boolean);
    // No MX could even be looked up: that is DNS, not port 25; say nothing we do not know.
    const reached = tried.some((t) => t.ip !== null);
    return { ok: ok || !reached, tried, message: ok || !reached ? null : networkDownMessage(smtp.port) };
  } finally {
    dns.close();
  }
}
