// The public DNS blocklists we know (decision 0910): what each one answers when it refuses to answer
// (a resolver it does not serve, a quota, an unregistered user: not a listing, so "could not check"),
// and where a listed name or address asks to be removed. Any zone may be configured; these are the ones
// whose refusals and removal pages are known.

interface KnownZone {
  /** Answers that mean "we will not answer you", not "listed". */
  refusals: (code: string) => boolean;
  delist: string;
}

const spamhaus: KnownZone = {
  // 127.255.255.252 typo, .254 public/open resolver, .255 excessive queries (no DQS key).
  refusals: (c) => c.startsWith('127.255.255.'),
  delist: 'https://check.spamhaus.org/',
};

export const KNOWN_ZONES: Record<string, KnownZone> = {
  'zen.spamhaus.org': spamhaus,
  'sbl.spamhaus.org': spamhaus,
  'xbl.spamhaus.org': spamhaus,
  'pbl.spamhaus.org': spamhaus,
  'dbl.spamhaus.org': spamhaus,
  'zrd.spamhaus.org': spamhaus,
  // URIBL: 127.0.0.1 "query refused" (public resolver or over the free limit).
  'multi.uribl.com': { refusals: (c) => c === '127.0.0.1', delist: 'https://admin.uribl.com/' },
  // SURBL: 127.0.0.1 "blocked" (a resolver over its free use).
  'multi.surbl.org': { refusals: (c) => c === '127.0.0.1', delist: 'https://www.surbl.org/surbl-analysis' },
  'b.barracudacentral.org': {
    refusals: () => false,
    delist: 'https://www.barracudacentral.org/rbl/removal-request',
  },
  'bl.spamcop.net': { refusals: () => false, delist: 'https://www.spamcop.net/bl.shtml' },
  // SORBS: 127.255.255.254 for resolvers it does not serve.
  'dnsbl.sorbs.net': {
    refusals: (c) => c.startsWith('127.255.255.'),
    delist: 'https://www.sorbs.net/delisting/',
  },
  'psbl.surriel.com': { refusals: () => false, delist: 'https://psbl.org/remove' },
  // Mailspike: 127.0.0.1 is its "no data / refused" answer, listings are 127.0.0.2 and up.
  'bl.mailspike.net': { refusals: (c) => c === '127.0.0.1', delist: 'https://mailspike.io/ip_verify' },
  'dnsbl-1.uceprotect.net': { refusals: () => false, delist: 'https://www.uceprotect.net/en/rblcheck.php' },
  'ix.dnsbl.manitu.net': { refusals: () => false, delist: 'https://www.dnsbl.manitu.net/' },
  'dnsbl.dronebl.org': { refusals: () => false, delist: 'https://dronebl.org/lookup' },
  'all.s5h.net': { refusals: () => false, delist: 'https://www.usenix.org.uk/content/rbl.html' },
  // Nordspam: 127.0.0.1 is a test answer only its own resolvers give; listings are 127.0.0.2.
  'dbl.nordspam.com': { refusals: (c) => c === '127.0.0.1', delist: 'https://www.nordspam.com/delist/' },
};

/** Does `code` (an answer of `zone`) mean the list refused to answer? Unknown lists: Spamhaus-style codes. */
export function isRefusal(zone: string, code: string): boolean {
  const known = KNOWN_ZONES[zone];
  return known ? known.refusals(code) : code.startsWith('127.255.255.');
}

/** Where a listed name or address asks to be removed. */
export function delistUrl(zone: string): string {
  return KNOWN_ZONES[zone]?.delist ?? `the ${zone} operator's removal page`;
}
