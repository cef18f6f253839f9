import dgram from 'node:dgram';
import dnsPacket from 'dns-packet';
import type { DomainCheck } from '../../../shared/deliverability';

// DNSSEC (decision 0910). Node's resolver does not expose the AD ("authentic data") bit, so the domain's
// SOA is asked once more over raw UDP of the configured resolver (DNS_SERVERS), with DO and AD set, and
// the answer's AD bit read: set means the resolver validated the zone's signatures. Clear cannot tell an
// unsigned zone from a resolver that does not validate, and the system resolver is not asked at all: both
// are "could not confirm" (info), never a failure; DNSSEC is optional for every receiver.

/** "1.1.1.1", "127.0.0.1:5353", "[::1]:53" → address and port. */
function hostPort(server: string): { address: string; port: number; type: 'udp4' | 'udp6' } {
  const v6 = /^\[([^\]]+)\](?::(\d+))?$/.exec(server);
  if (v6) return { address: v6[1]!, port: Number(v6[2] ?? 53), type: 'udp6' };
  const v4 = /^([^:]+):(\d+)$/.exec(server);
  if (v4) return { address: v4[1]!, port: Number(v4[2]), type: 'udp4' };
  return { address: server, port: 53, type: server.includes(':') ? 'udp6' : 'udp4' };
}

/** The AD bit of the resolver's answer for the domain's SOA; null when it did not answer in time. */
export function askAuthenticData(server: string, name: string, timeoutMs: number): Promise<boolean | null> {
  const { address, port, type } = hostPort(server);
  const socket = dgram.createSocket(type);
  const id = Math.floor(Math.random() * 65_536);
  const query = dnsPacket.encode({
    type: 'query',
    id,
    flags: dnsPacket.RECURSION_DESIRED | dnsPacket.AUTHENTIC_DATA,
    questions: [{ type: 'SOA', name }],
    additionals: [
      {
        type: 'OPT',
        name: '.',
        udpPayloadSize: 1232,
        extendedRcode: 0,
        ednsVersion: 0,
        flags: dnsPacket.DNSSEC_OK,
        flag_do: true,
        options: [],
      },
    ],
  });
  return new Promise((resolve) => {
    const done = (v: boolean | null) => {
      clearTimeout(timer);
      socket.close();
      resolve(v);
    };
    const timer = setTimeout(() => done(null), timeoutMs);
    socket.on('error', () => done(null));
    socket.on('message', (msg) => {
      try {
        const res = dnsPacket.decode(msg);
        if (res.id !== id) return;
        done(((res.flags ?? 0) & dnsPacket.AUTHENTIC_DATA) !== 0);
      } catch {
        // not a DNS answer: keep waiting for the real one
      }
    });
    socket.send(query, port, address);
  });
}

export async function checkDnssec(i: {
  domain: string;
  servers: string[];
  timeoutMs: number;
}): Promise<DomainCheck> {
  const unknown = (summary: string): DomainCheck => ({ key: 'dnssec', status: 'info', summary, fix: null });
  const server = i.servers[0];
  if (!server)
    return unknown(
      'DNSSEC could not be checked: the system resolver does not say whether it validated (set DNS_SERVERS to a validating resolver).',
    );
  const ad = await askAuthenticData(server, i.domain, i.timeoutMs);
  if (ad === null)
    return {
      key: 'dnssec',
      status: 'unknown',
      summary: `DNSSEC could not be checked: ${server} did not answer.`,
      fix: null,
    };
  if (ad)
    return {
      key: 'dnssec',
      status: 'pass',
      summary: `Signed with DNSSEC: the resolver validated ${i.domain}.`,
      fix: null,
    };
  return unknown(
    `DNSSEC not confirmed (optional): ${i.domain} is unsigned, or the resolver ${server} does not validate.`,
  );
}
