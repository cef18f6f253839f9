import net from 'node:net';
import tls from 'node:tls';
import { SocksClient } from 'socks';
import type { Config } from '../../platform/config';
import type { ProxyRoute } from '../verification';
import type { DomainResolver } from './resolver';

type IpConfig = Pick<Config, 'STANDING_PUBLIC_IP' | 'STANDING_IP_ECHO_URL' | 'DNS_TIMEOUT_MS'>;

async function tunnel(host: string, ip: string, port: number, proxy: ProxyRoute | null, timeoutMs: number) {
  if (proxy) {
    const { socket } = await SocksClient.createConnection({
      proxy: { host: proxy.host, port: proxy.port, type: 5, userId: proxy.user, password: proxy.password },
      command: 'connect',
      destination: { host: ip, port },
      timeout: timeoutMs,
    });
    return socket;
  }
  return new Promise<net.Socket>((resolve, reject) => {
    const s = net.connect({ host: ip, port }, () => resolve(s));
    s.once('error', reject);
    s.setTimeout(timeoutMs, () => s.destroy(new Error(`no answer from ${host} in ${timeoutMs} ms`)));
  });
}

/**
 * The address mail servers see us come from by one way out (`proxy`, or directly): STANDING_PUBLIC_IP
 * when the operator states it for the default way, else what STANDING_IP_ECHO_URL answers (a
 * plain-text "your address" service) asked through that proxy, since that is where our probes leave
 * from. Its host is looked up with our resolver (DNS_SERVERS), never the system's.
 */
export async function discoverPublicIp(o: {
  config: IpConfig;
  resolver: DomainResolver;
  proxy: ProxyRoute | null;
  /** The default way out: the one STANDING_PUBLIC_IP speaks of. */
  isDefault: boolean;
}): Promise<string | null> {
  const stated = o.isDefault ? o.config.STANDING_PUBLIC_IP?.trim() : undefined;
  if (stated) return net.isIP(stated) ? stated : null;
  if (!o.config.STANDING_IP_ECHO_URL) return null;
  const url = new URL(o.config.STANDING_IP_ECHO_URL);
  const secure = url.protocol === 'https:';
  const port = Number(url.port || (secure ? 443 : 80));
  let ip = url.hostname.replace(/^\[|\]$/g, '');
  if (!net.isIP(ip)) {
    const a = await o.resolver.a(ip);
    if (!a.ok || !a.records[0]) return null;
    ip = a.records[0];
  }
  const timeoutMs = Math.max(o.config.DNS_TIMEOUT_MS, 5000);
  const raw = await tunnel(url.hostname, ip, port, o.proxy, timeoutMs);
  const socket = secure ? tls.connect({ socket: raw, servername: url.hostname }) : raw;
  const body = await new Promise<string>((resolve, reject) => {
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (c: string) => {
      text += c;
      if (text.length > 65_536) socket.destroy(new Error('answer too long'));
    });
    socket.once('end', () => resolve(text));
    socket.once('close', () => resolve(text));
    socket.once('error', reject);
    socket.write(
      `GET ${url.pathname}${url.search} HTTP/1.1\r\nHost: ${url.host}\r\nConnection: close\r\n\r\n`,
    );
  });
  socket.destroy();
  const [head = '', payload = ''] = body.split('\r\n\r\n');
  if (!/^HTTP\/1\.[01] 200/.test(head)) return null;
  // The first address in the body (a chunked answer has chunk sizes around it).
  return payload.split(/\s+/).find((t) => net.isIP(t) !== 0) ?? null;
}
