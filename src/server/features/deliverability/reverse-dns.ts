import type { DomainCheck, SendingProvider } from '../../../shared/deliverability';
import { PROVIDER_DNS } from './providers';
import type { DomainResolver } from './resolver';

// The reverse DNS of the mailbox's own SMTP server (decision 0910): Gmail and Yahoo require every sending
// address to have a PTR name that resolves back to it (forward-confirmed). Google's and Microsoft's
// servers are theirs to keep so; a server of one's own is looked up when Smartlead tells us its host.

export async function checkReverseDns(i: {
  resolver: DomainResolver;
  smtpHost?: string | null;
  provider: SendingProvider;
}): Promise<DomainCheck> {
  if (!i.smtpHost) {
    return i.provider === 'other'
      ? {
          key: 'ptr',
          status: 'unknown',
          summary: 'No SMTP server known for this domain, so no address to look up.',
          fix: null,
        }
      : {
          key: 'ptr',
          status: 'pass',
          summary: `Sent through ${PROVIDER_DNS[i.provider].name}'s servers, whose reverse DNS the provider keeps.`,
          fix: null,
        };
  }
  const a = await i.resolver.a(i.smtpHost);
  if (!a.ok)
    return {
      key: 'ptr',
      status: 'unknown',
      summary: `Could not find the address of ${i.smtpHost}.`,
      fix: null,
    };
  for (const ip of a.records) {
    const ptr = await i.resolver.ptr(ip);
    if (!ptr.ok && !ptr.none)
      return {
        key: 'ptr',
        status: 'unknown',
        summary: `Could not look up the reverse DNS of ${ip}.`,
        fix: null,
      };
    const names = ptr.ok ? ptr.records : [];
    let confirmed = false;
    for (const name of names) {
      const back = await i.resolver.a(name);
      if (back.ok && back.records.includes(ip)) confirmed = true;
    }
    if (!confirmed) {
      return {
        key: 'ptr',
        status: 'fail',
        summary: names.length
          ? `${ip} (${i.smtpHost}) has the reverse name ${names[0]}, which does not resolve back to it: Gmail and Yahoo refuse such senders.`
          : `${ip} (${i.smtpHost}) has no reverse DNS name: Gmail and Yahoo refuse mail from addresses without one.`,
        fix: {
          action: 'add',
          type: 'PTR',
          name: ip,
          value: `${i.smtpHost} (ask the server's host; its A record must give ${ip})`,
        },
      };
    }
  }
  return {
    key: 'ptr',
    status: 'pass',
    summary: `${i.smtpHost} (${a.records.join(', ')}) has reverse DNS that resolves back.`,
    fix: null,
  };
}
