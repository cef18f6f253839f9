import type { DomainCheck, SendingProvider } from '../../../shared/deliverability';
import { mxValue } from './providers';
import type { DomainResolver, Lookup } from './resolver';
export interface AuthInput {
  resolver: DomainResolver;
  domain: string;
  provider: SendingProvider;
  dkimSelector?: string | null;
}

/** A look-up the resolver could not answer is "could not check", never a verdict on the domain. */
export const unanswered = (key: DomainCheck['key'], name: string, a: Lookup<unknown>): DomainCheck | null =>
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
    // A mail host that has no address receives nothing: replies and bounces to it are lost.
    const answers = await Promise.all(hosts.map((h) => resolver.a(h.exchange)));
    const dead = hosts
      .filter((_, n) => {
        const x = answers[n]!;
        return !x.ok && x.none;
      })
      .map((h) => h.exchange);
    if (dead.length) {
      const none = dead.length === hosts.length;
      return {
        key: 'mx',
        status: none ? 'fail' : 'warn',
        summary: `${dead.join(', ')} ${dead.length > 1 ? 'have' : 'has'} no address${none ? ': no mail server of the domain can be reached.' : ` (the others of ${list} do).`}`,
        fix: { action: 'change', type: 'MX', name: domain, value: mxValue(provider, domain) },
      };
    }
    return { key: 'mx', status: 'pass', summary: `Receives mail at ${list}.`, fix: null };
  }
  return {
    key: 'mx',
    status: 'fail',
    summary: `${domain} has no mail server: replies and bounces to it are lost, and receivers distrust a sender that cannot receive.`,
    fix: { action: 'add', type: 'MX', name: domain, value: mxValue(provider, domain) },
  };
}
