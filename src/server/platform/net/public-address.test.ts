import { describe, expect, it } from 'vitest';
import { isPublicAddress } from './public-address';

// Every row names why the address must be refused; the IPv6 rows embed a non-public IPv4 address in
// each form a relay, translator or the kernel could deliver to.
const refused: [ip: string, why: string][] = [
  ['127.0.0.1', 'loopback'],
  ['127.5.5.5', 'loopback /8'],
  ['10.0.0.1', 'RFC 1918'],
  ['172.16.3.4', 'RFC 1918'],
  ['172.31.255.255', 'RFC 1918 top'],
  ['192.168.0.1', 'RFC 1918'],
  ['169.254.169.254', 'cloud metadata'],
  ['169.254.0.1', 'link-local'],
  ['100.64.0.1', 'CGNAT'],
  ['100.100.100.200', 'Alibaba metadata (CGNAT)'],
  ['0.0.0.0', 'unspecified'],
  ['0.1.2.3', 'this network'],
  ['224.0.0.1', 'multicast'],
  ['239.255.255.250', 'multicast SSDP'],
  ['240.0.0.1', 'reserved'],
  ['255.255.255.255', 'broadcast'],
  ['192.0.0.170', 'IETF assignments'],
  ['192.0.2.1', 'TEST-NET-1'],
  ['198.51.100.7', 'TEST-NET-2'],
  ['203.0.113.9', 'TEST-NET-3'],
  ['198.18.0.1', 'benchmarking'],
  ['198.19.255.255', 'benchmarking top'],
  ['192.88.99.1', '6to4 relay anycast'],
  ['127.1', 'short IPv4 form'],
  ['2130706433', 'integer IPv4 form'],
  ['0x7f000001', 'hex IPv4 form'],
  ['::1', 'IPv6 loopback'],
  ['::', 'IPv6 unspecified'],
  ['fe80::1', 'IPv6 link-local'],
  ['fe80::1%eth0', 'IPv6 link-local with zone'],
  ['fec0::1', 'deprecated site-local'],
  ['fc00::1', 'unique-local'],
  ['fd00:ec2::254', 'AWS IPv6 metadata (unique-local)'],
  ['ff02::1', 'IPv6 multicast'],
  ['ff05::1:3', 'IPv6 multicast site'],
  ['100::1', 'discard prefix'],
  ['2001:db8::1', 'documentation'],
  ['3fff::1', 'documentation (RFC 9637)'],
  ['2001:2::1', 'benchmarking'],
  ['2001:10::1', 'ORCHID'],
  ['5f00::1', 'segment routing'],
  ['::ffff:127.0.0.1', 'mapped loopback'],
  ['::ffff:7f00:1', 'mapped loopback, hex'],
  ['::ffff:10.0.0.1', 'mapped RFC 1918'],
  ['::ffff:169.254.169.254', 'mapped metadata'],
  ['::ffff:0:a9fe:a9fe', 'SIIT-translated metadata'],
  ['::7f00:1', 'compatible loopback'],
  ['::127.0.0.1', 'compatible loopback, dotted'],
  ['::a9fe:a9fe', 'compatible metadata'],
  ['::10.0.0.1', 'compatible RFC 1918'],
  ['::c0a8:101', 'compatible 192.168.1.1'],
  ['64:ff9b::7f00:1', 'NAT64 loopback'],
  ['64:ff9b::a9fe:a9fe', 'NAT64 metadata'],
  ['64:ff9b::10.0.0.1', 'NAT64 RFC 1918, dotted'],
  ['64:ff9b:1::808:808', 'local-use NAT64 (RFC 8215)'],
  ['64:ff9b:1:a9fe:a9:fe00::', 'local-use NAT64 /48'],
  ['2002:7f00:1::1', '6to4 loopback'],
  ['2002:a9fe:a9fe::', '6to4 metadata'],
  ['2002:c0a8:101:1::1', '6to4 192.168.1.1'],
  ['2001:0:4136:e378:8000:63bf:80ff:fffe', 'Teredo client 127.0.0.1 (inverted)'],
  ['2001:0:4136:e378:8000:63bf:5601:5601', 'Teredo client 169.254.169.254 (inverted)'],
  ['2001:0:a00:1:8000:63bf:f7f7:f7f7', 'Teredo server 10.0.0.1'],
  ['not-an-ip', 'not an address'],
  ['[::1]', 'bracketed literal'],
  ['', 'empty'],
  ['1.2.3.4.5', 'too many parts'],
];

const accepted: [ip: string, why: string][] = [
  ['8.8.8.8', 'public IPv4'],
  ['93.184.216.34', 'public IPv4'],
  ['1.1.1.1', 'public IPv4'],
  ['172.32.0.1', 'just above RFC 1918 172.16/12'],
  ['100.128.0.1', 'just above CGNAT'],
  ['2606:4700:4700::1111', 'global IPv6'],
  ['2a00:1450:4001:82b::200e', 'global IPv6'],
  ['::ffff:8.8.8.8', 'mapped public'],
  ['64:ff9b::808:808', 'NAT64 public'],
  ['2002:808:808::1', '6to4 public'],
  ['2001:0:4136:e378:8000:63bf:f7f7:f7f7', 'Teredo public server and client 8.8.8.8'],
];

describe('isPublicAddress', () => {
  it.each(refused)('refuses %s (%s)', (ip) => {
    expect(isPublicAddress(ip)).toBe(false);
  });

  it.each(accepted)('accepts %s (%s)', (ip) => {
    expect(isPublicAddress(ip)).toBe(true);
  });

  it('opens loopback only (never private, never metadata) when explicitly allowed', () => {
    expect(isPublicAddress('127.0.0.1', { allowLoopback: true })).toBe(true);
    expect(isPublicAddress('::1', { allowLoopback: true })).toBe(true);
    expect(isPublicAddress('10.0.0.1', { allowLoopback: true })).toBe(false);
    expect(isPublicAddress('169.254.169.254', { allowLoopback: true })).toBe(false);
    expect(isPublicAddress('::a9fe:a9fe', { allowLoopback: true })).toBe(false);
    expect(isPublicAddress('fd00::1', { allowLoopback: true })).toBe(false);
  });
});
