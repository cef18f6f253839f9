import { safeFetchText, UnresolvedHostError, UnsafeUrlError } from '../../platform/net/safe-fetch';
import type { DomainResolver } from './resolver';

// The files the optional protocols name (MTA-STS's policy, BIMI's logo and certificate) are fetched over
// HTTPS through the SSRF guard: the names come from a user's DNS, so they may point anywhere. The host is
// resolved by the same resolver as the checks (DNS_SERVERS), small bodies, a short budget, no redirects
// (RFC 8461 §3.3: a policy fetch follows none; a logo or certificate has no reason to move).

export const HTTPS_FILE_MAX_BYTES = 64 * 1024;
const TIMEOUT_MS = 5000;

export type HttpsFile =
  | { ok: true; status: number; contentType: string; body: string; truncated: boolean }
  /** dns: the host has no address; tls: its certificate was refused; refused: not a public address. */
  | { ok: false; reason: 'dns' | 'tls' | 'refused' | 'error'; message: string };

export type HttpsFetch = (url: string) => Promise<HttpsFile>;

const TLS_CODE = /CERT|SSL|TLS|SELF_SIGNED|HOSTNAME|ALTNAME|UNABLE_TO_(GET|VERIFY)/i;

export function httpsFetcher(opts: {
  resolver: DomainResolver;
  allowLoopback?: boolean;
  /** Test worlds only: fakes on loopback cannot take 443. */
  port?: number;
  /** Test worlds only: the fake host's self-signed certificate (see safe-fetch's extraCa). */
  extraCa?: string;
}): HttpsFetch {
  return async (raw) => {
    const url = new URL(raw);
    if (url.protocol !== 'https:') return { ok: false, reason: 'refused', message: 'Only https is fetched' };
    if (opts.port) url.port = String(opts.port);
    try {
      const res = await safeFetchText(url.toString(), {
        allowLoopback: opts.allowLoopback,
        extraCa: opts.extraCa,
        maxBytes: HTTPS_FILE_MAX_BYTES,
        timeoutMs: TIMEOUT_MS,
        maxRedirects: 0,
        headers: { accept: '*/*' },
        resolve: async (host) => {
          const a = await opts.resolver.a(host);
          if (!a.ok) throw new Error(a.code);
          return a.records.map((address) => ({ address, family: 4 }));
        },
      });
      return { ok: true, ...res };
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      if (err instanceof UnresolvedHostError) return { ok: false, reason: 'dns', message };
      if (err instanceof UnsafeUrlError) return { ok: false, reason: 'refused', message };
      const code = String((err as NodeJS.ErrnoException)?.code ?? '');
      return { ok: false, reason: TLS_CODE.test(code) ? 'tls' : 'error', message: code || message };
    }
  };
}
