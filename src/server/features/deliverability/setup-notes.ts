import type { Config } from '../../platform/config';

/** What the checks miss with this server's settings, in words for the person reading the page. */
export function setupNotes(
  config: Pick<
    Config,
    'DNS_SERVERS' | 'SPAMHAUS_DQS_KEY' | 'DELIVERABILITY_DOMAIN_LISTS' | 'DELIVERABILITY_IP_LISTS'
  >,
): string[] {
  const notes: string[] = [];
  if (!config.DNS_SERVERS?.trim()) {
    notes.push(
      'Records are looked up through this server\'s own DNS resolver (no DNS_SERVERS set). If it cannot reach the internet, checks say "could not check".',
    );
  }
  const lists = `${config.DELIVERABILITY_DOMAIN_LISTS},${config.DELIVERABILITY_IP_LISTS}`;
  if (/spamhaus\.org/.test(lists) && !config.SPAMHAUS_DQS_KEY?.trim()) {
    notes.push(
      'Spamhaus refuses look-ups that come through public DNS resolvers, so its lists may show "could not check". Your administrator can set SPAMHAUS_DQS_KEY (Spamhaus\'s free Data Query Service key).',
    );
  }
  return notes;
}
