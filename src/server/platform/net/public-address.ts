import ipaddr from 'ipaddr.js';

// The one SSRF address check for every outbound connection a user can influence (website fetches,
// SMTP probes). Only global unicast passes. IPv6 forms that carry an IPv4 address inside are judged by
// that IPv4 address, because a NAT64 gateway, a 6to4 relay, a Teredo relay or the kernel's own
// dual-stack handling may deliver the packet to it. The ranges are spelled out here rather than taken
// from ipaddr.js's range names, whose coverage changes between versions (IPv4-compatible `::a.b.c.d`
// is plain "unicast" there).

type Cidr = readonly [bytes: readonly number[], bits: number];

const V4_BLOCKED: readonly Cidr[] = [
  [[0, 0, 0, 0], 8], // "this network", 0.0.0.0
  [[10, 0, 0, 0], 8], // RFC 1918
  [[100, 64, 0, 0], 10], // carrier-grade NAT (also Alibaba's metadata 100.100.100.200)
  [[127, 0, 0, 0], 8], // loopback
  [[169, 254, 0, 0], 16], // link-local, cloud metadata 169.254.169.254
  [[172, 16, 0, 0], 12], // RFC 1918
  [[192, 0, 0, 0], 24], // IETF protocol assignments
  [[192, 0, 2, 0], 24], // TEST-NET-1
  [[192, 88, 99, 0], 24], // 6to4 relay anycast
  [[192, 168, 0, 0], 16], // RFC 1918
  [[198, 18, 0, 0], 15], // benchmarking
  [[198, 51, 100, 0], 24], // TEST-NET-2
  [[203, 0, 113, 0], 24], // TEST-NET-3
  [[224, 0, 0, 0], 4], // multicast
  [[240, 0, 0, 0], 4], // reserved, broadcast 255.255.255.255
];

// Checked after the embedding forms below; anything outside 2000::/3 is refused anyway (unspecified,
// loopback, ::/96, 100::/64 discard, 5f00::/16, unique-local fc00::/7, link-local fe80::/10, site-local
// fec0::/10, multicast ff00::/8).
const V6_BLOCKED: readonly Cidr[] = [
  [[0x20, 0x01, 0x00, 0x00], 23], // IETF protocol assignments (benchmarking 2001:2::/48, ORCHID, AMT...)
  [[0x20, 0x01, 0x0d, 0xb8], 32], // documentation
  [[0x3f, 0xff], 20], // documentation (RFC 9637)
];

function inCidr(bytes: readonly number[], [prefix, bits]: Cidr): boolean {
  for (let i = 0; i * 8 < bits; i++) {
    const take = Math.min(8, bits - i * 8);
    const mask = (0xff << (8 - take)) & 0xff;
    if ((bytes[i] & mask) !== ((prefix[i] ?? 0) & mask)) return false;
  }
  return true;
}

const isZero = (bytes: readonly number[], from: number, to: number) =>
  bytes.slice(from, to).every((b) => b === 0);

type Verdict = 'public' | 'loopback' | 'blocked';

function judgeV4(b: readonly number[]): Verdict {
  if (inCidr(b, [[127, 0, 0, 0], 8])) return 'loopback';
  return V4_BLOCKED.some((c) => inCidr(b, c)) ? 'blocked' : 'public';
}

/** The IPv4 addresses an IPv6 address carries (empty when none), or null when the form is refused outright. */
function embeddedV4(b: readonly number[]): number[][] | null {
  const last32 = b.slice(12, 16);
  // ::ffff:a.b.c.d (mapped) and ::ffff:0:a.b.c.d (SIIT translated).
  if (isZero(b, 0, 10) && b[10] === 0xff && b[11] === 0xff) return [last32];
  if (isZero(b, 0, 8) && b[8] === 0xff && b[9] === 0xff && b[10] === 0 && b[11] === 0) return [last32];
  // ::a.b.c.d (deprecated IPv4-compatible, e.g. ::7f00:1); `::` lands in 0.0.0.0/8.
  if (isZero(b, 0, 12)) return [last32];
  // NAT64 well-known prefix 64:ff9b::/96.
  if (inCidr(b, [[0x00, 0x64, 0xff, 0x9b], 96])) return [last32];
  // Local-use NAT64 64:ff9b:1::/48: the IPv4 position depends on the operator's prefix length; refuse.
  if (inCidr(b, [[0x00, 0x64, 0xff, 0x9b, 0x00, 0x01], 48])) return null;
  // 6to4 2002:AABB:CCDD::/48.
  if (inCidr(b, [[0x20, 0x02], 16])) return [b.slice(2, 6)];
  // Teredo 2001:0::/32: server IPv4 in bits 32-63, client IPv4 inverted in the last 32 bits.
  if (inCidr(b, [[0x20, 0x01, 0x00, 0x00], 32])) return [b.slice(4, 8), last32.map((x) => ~x & 0xff)];
  return [];
}

function judgeV6(b: readonly number[]): Verdict {
  if (isZero(b, 0, 15) && b[15] === 1) return 'loopback';
  const inner = embeddedV4(b);
  if (inner === null) return 'blocked';
  if (inner.length > 0) {
    const verdicts = inner.map(judgeV4);
    if (verdicts.includes('blocked')) return 'blocked';
    return verdicts.includes('loopback') ? 'loopback' : 'public';
  }
  if (!inCidr(b, [[0x20], 3])) return 'blocked';
  return V6_BLOCKED.some((c) => inCidr(b, c)) ? 'blocked' : 'public';
}

export interface PublicAddressOptions {
  /** Test-only opening for fakes on 127.0.0.0/8 and ::1; private and every other range stay closed. */
  allowLoopback?: boolean;
}

/**
 * Whether a connection to this literal address may be made: global unicast only, with every IPv6 form
 * that embeds an IPv4 address judged by what it embeds. Anything unparsable is refused.
 */
export function isPublicAddress(ip: string, opts: PublicAddressOptions = {}): boolean {
  if (typeof ip !== 'string' || !ipaddr.isValid(ip)) return false;
  let verdict: Verdict;
  try {
    const addr = ipaddr.parse(ip);
    const bytes = addr.toByteArray();
    verdict = addr.kind() === 'ipv4' ? judgeV4(bytes) : judgeV6(bytes);
  } catch {
    return false;
  }
  if (verdict === 'public') return true;
  return verdict === 'loopback' && Boolean(opts.allowLoopback);
}
