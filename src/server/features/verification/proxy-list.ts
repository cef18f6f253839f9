import net from 'node:net';
import { MAIL_PROVIDER_TABLE } from '../../../shared/mail-providers';

// SMTP_PROXY: the ways our probes leave by. One SOCKS5 proxy as before, or a comma-separated list in
// which an entry may name the mail provider it carries: "microsoft=socks5://10.0.0.1:1080,
// socks5://10.0.0.2:1080" sends mail to Microsoft 365 through the first and the rest through the second.

export interface ProxyRoute {
  /** How logs, notices and metrics name it: ip:port, never the credentials. */
  name: string;
  host: string;
  port: number;
  user?: string;
  password?: string;
  /** A provider id of shared/mail-providers.ts whose servers it carries; null: all other mail (the default). */
  provider: string | null;
}

/**
 * SMTP_PROXY cannot be used as written; the message says why in words and which entry (by its place),
 * never any of its text: a password with a comma or a space is cut in two at the separator, and either
 * half could otherwise reach the boot log.
 */
export class ProxyListError extends Error {}

const ENTRY = /^(?:([a-z0-9-]+)=)?(\S+)$/i;
const FORM = 'write socks5://[user:pass@]ip:port';
/** Why a proxy with credentials may not read as one: a separator or a URL's own characters in them. */
const ENCODE =
  'percent-encode any , / # ? @ : or space in the user name or password (%2C, %2F, %23, %3F, %40, %3A, %20)';

function parseEntry(entry: string, place: string): ProxyRoute {
  const m = ENTRY.exec(entry);
  const provider = m?.[1]?.toLowerCase() ?? null;
  const raw = m?.[2] ?? entry;
  if (provider && !MAIL_PROVIDER_TABLE.some((p) => p.id === provider)) {
    const ids = MAIL_PROVIDER_TABLE.map((p) => p.id).join(', ');
    throw new ProxyListError(
      `${place} names a mail provider a proxy cannot carry (use one of ${ids}), or ${ENCODE}`,
    );
  }
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ProxyListError(`${place} is not a proxy address: ${FORM}, and ${ENCODE}`);
  }
  if (url.protocol !== 'socks5:') {
    throw new ProxyListError(`${place} is not a SOCKS5 proxy (only socks5:// is supported): ${FORM}`);
  }
  const host = url.hostname.replace(/^\[|\]$/g, '');
  // Our probes never hand a name to the system resolver (DNS_SERVERS is the only one we use).
  if (net.isIP(host) === 0) {
    throw new ProxyListError(
      `${place} must name its proxy by IP address, not by host name: ${FORM}, and ${ENCODE}`,
    );
  }
  const port = Number(url.port || 1080);
  return {
    name: `${url.hostname}:${port}`,
    host,
    port,
    user: url.username ? decodeURIComponent(url.username) : undefined,
    password: url.password ? decodeURIComponent(url.password) : undefined,
    provider,
  };
}

/** SMTP_PROXY as its proxies, in the order written; [] when unset. Throws ProxyListError. */
export function parseProxyList(value: string | undefined): ProxyRoute[] {
  const entries = (value ?? '')
    .split(/[\s,]+/)
    .map((s) => s.trim())
    .filter(Boolean);
  const routes = entries.map((e, i) =>
    parseEntry(e, entries.length === 1 ? 'the proxy' : `proxy ${i + 1} of ${entries.length}`),
  );
  if (routes.length > 0 && routes.every((r) => r.provider !== null)) {
    // Mail to any other provider would have no way out; going direct instead would surprise.
    throw new ProxyListError(
      'every proxy is given to a provider: add one without "provider=" for the rest of the mail',
    );
  }
  return routes;
}
