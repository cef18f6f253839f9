import { challengeName, challengeValue } from '../../../shared/branding';
import type { Config } from '../../platform/config';
import { DnsClient, parseDnsServers } from '../verification';

export type TxtCheck =
  | { result: 'verified'; message: string }
  | { result: 'pending'; message: string }
  | { result: 'unknown'; message: string };

type DnsConfig = Pick<Config, 'DNS_SERVERS' | 'DNS_TIMEOUT_MS' | 'DNS_TRIES'>;

/**
 * Looks up `_verilead-challenge.<domain>` TXT through the configured resolver (DNS_SERVERS, as the
 * verification engine does). A fresh client per check: the engine's cache would hide a record the user
 * has just created. A resolver that cannot answer is "could not check", never a failed verification.
 */
export async function checkChallenge(opts: {
  config: DnsConfig;
  domain: string;
  token: string;
}): Promise<TxtCheck> {
  const name = challengeName(opts.domain);
  const expected = challengeValue(opts.token);
  const dns = new DnsClient({
    servers: parseDnsServers(opts.config.DNS_SERVERS),
    timeoutMs: opts.config.DNS_TIMEOUT_MS,
    tries: opts.config.DNS_TRIES,
    ttlMs: 0,
  });
  try {
    const answer = await dns.txt(name);
    if (answer.ok) {
      const values = answer.records.map((r) => r.trim());
      if (values.includes(expected))
        return { result: 'verified', message: `Verified: ${name} holds the record.` };
      const ours = values.filter((v) => v.startsWith('verilead-verify='));
      return {
        result: 'pending',
        message: ours.length
          ? `${name} has a TXT record with another token (${ours[0]}). Replace it with ${expected}.`
          : `${name} has TXT records, but none is ${expected}.`,
      };
    }
    if (answer.code === 'NXDOMAIN' || answer.code === 'NODATA') {
      return {
        result: 'pending',
        message: `No TXT record found at ${name} yet. Create it with the value ${expected}; new records can take up to an hour to appear.`,
      };
    }
    return {
      result: 'unknown',
      message: `Could not check: the DNS server did not answer (${answer.code}). Nothing changed; try again in a minute.`,
    };
  } finally {
    dns.close();
  }
}
