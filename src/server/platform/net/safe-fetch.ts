import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { rootCertificates } from 'node:tls';
import ipaddr from 'ipaddr.js';
import { isPublicAddress } from './public-address';

// Fetching a URL a stranger typed into their Instagram profile (SSRF). Only http(s), only public
// unicast addresses: the name is resolved first, every address is checked, and the socket connects
// to the address that was checked (a pinned lookup), so a DNS answer that changes between check and
// connect (rebinding) cannot slip through. Each redirect is checked the same way. Size and time are
// capped because the page is only scanned for an address.

export class UnsafeUrlError extends Error {}
/** The host's name has no answer: nothing was refused, there was nothing to check. */
export class UnresolvedHostError extends UnsafeUrlError {}

export type Resolver = (host: string) => Promise<{ address: string; family: number }[]>;

export interface SafeFetchOptions {
  /** Test-only opening for fakes on 127.0.0.0/8 and ::1 (SAFE_FETCH_ALLOW_LOOPBACK); private ranges stay closed. */
  allowLoopback?: boolean;
  maxBytes?: number;
  timeoutMs?: number;
  maxRedirects?: number;
  resolve?: Resolver;
  /** Webhook deliveries POST a signed body; everything else is a GET. */
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /**
   * Test-only: one more trusted certificate (PEM) beside Node's roots, for a fake HTTPS host on loopback.
   * Verification stays on (name and chain); production never passes it.
   */
  extraCa?: string;
}

export interface SafeFetchResult {
  url: string;
  status: number;
  contentType: string;
  body: string;
  truncated: boolean;
}

export const SAFE_FETCH_MAX_BYTES = 512 * 1024;
export const SAFE_FETCH_TIMEOUT_MS = 5000;

const defaultResolve: Resolver = (host) => dnsLookup(host, { all: true, verbatim: true });

/** Checks a URL as a fetch would (scheme, credentials, every resolved address) without fetching it. */
export async function assertSafeUrl(rawUrl: string, opts: SafeFetchOptions = {}): Promise<void> {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    throw new UnsafeUrlError('Not a valid URL');
  }
  await pinnedAddress(url, opts);
}

async function pinnedAddress(url: URL, opts: SafeFetchOptions): Promise<{ address: string; family: number }> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new UnsafeUrlError(`Only http and https links are fetched (${url.protocol})`);
  }
  if (url.username || url.password) throw new UnsafeUrlError('Links with credentials are not fetched');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const literal = ipaddr.isValid(host);
  const addresses = literal
    ? [{ address: host, family: host.includes(':') ? 6 : 4 }]
    : await (opts.resolve ?? defaultResolve)(host).catch(() => {
        throw new UnresolvedHostError(`Could not resolve ${host}`);
      });
  if (addresses.length === 0) throw new UnresolvedHostError(`Could not resolve ${host}`);
  // One non-public answer refuses the host: a name that mixes public and private answers is a trick.
  const bad = addresses.find((a) => !isPublicAddress(a.address, opts));
  if (bad) throw new UnsafeUrlError(`Refusing to fetch ${host}: ${bad.address} is not a public address`);
  return addresses[0];
}

function requestOnce(
  url: URL,
  pinned: { address: string; family: number },
  opts: SafeFetchOptions,
  deadline: number,
) {
  const maxBytes = opts.maxBytes ?? SAFE_FETCH_MAX_BYTES;
  const lookup: LookupFunction = (_host, options, callback) => {
    if ((options as { all?: boolean }).all) {
      (callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [pinned]);
    } else callback(null, pinned.address, pinned.family);
  };
  const mod = url.protocol === 'https:' ? https : http;
  return new Promise<{
    status: number;
    location?: string;
    contentType: string;
    body: string;
    truncated: boolean;
  }>((resolve, reject) => {
    const req = mod.request(
      url,
      {
        method: opts.method ?? 'GET',
        lookup,
        ...(opts.extraCa && url.protocol === 'https:' ? { ca: [...rootCertificates, opts.extraCa] } : {}),
        headers: {
          'user-agent': 'Mozilla/5.0 (compatible; VerileadBot/1.0; contact lookup)',
          accept: 'text/html,text/plain;q=0.9,*/*;q=0.1',
          'accept-encoding': 'identity',
          ...opts.headers,
        },
      },
      (res) => {
        const status = res.statusCode ?? 0;
        const contentType = String(res.headers['content-type'] ?? '');
        if (status >= 300 && status < 400 && res.headers.location) {
          res.resume();
          return resolve({ status, location: res.headers.location, contentType, body: '', truncated: false });
        }
        const chunks: Buffer[] = [];
        let size = 0;
        let truncated = false;
        res.on('data', (chunk: Buffer) => {
          if (truncated) return;
          const room = maxBytes - size;
          if (chunk.length >= room) {
            chunks.push(chunk.subarray(0, room));
            size = maxBytes;
            truncated = true;
            res.destroy();
            resolve({ status, contentType, body: Buffer.concat(chunks).toString('utf8'), truncated });
            return;
          }
          chunks.push(chunk);
          size += chunk.length;
        });
        res.on('end', () =>
          resolve({ status, contentType, body: Buffer.concat(chunks).toString('utf8'), truncated }),
        );
        res.on('error', reject);
      },
    );
    const timer = setTimeout(
      () => req.destroy(new Error('Timed out fetching the page')),
      Math.max(1, deadline - Date.now()),
    );
    req.on('close', () => clearTimeout(timer));
    req.on('error', reject);
    req.end(opts.body);
  });
}

/**
 * GET a page (or POST a body) under the guard above; redirects are followed (at most 5), each one
 * re-checked. Callers that must not repeat a POST elsewhere pass maxRedirects: 0.
 */
export async function safeFetchText(rawUrl: string, opts: SafeFetchOptions = {}): Promise<SafeFetchResult> {
  const deadline = Date.now() + (opts.timeoutMs ?? SAFE_FETCH_TIMEOUT_MS);
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    throw new UnsafeUrlError('Not a valid URL');
  }
  for (let hop = 0; hop <= (opts.maxRedirects ?? 5); hop++) {
    const pinned = await pinnedAddress(url, opts);
    const res = await requestOnce(url, pinned, opts, deadline);
    if (res.location) {
      url = new URL(res.location, url);
      continue;
    }
    return {
      url: url.toString(),
      status: res.status,
      contentType: res.contentType,
      body: res.body,
      truncated: res.truncated,
    };
  }
  throw new UnsafeUrlError('Too many redirects');
}

/** Adds a scheme to "studio.com" style links as people write them in profiles. */
export function normaliseWebsite(raw: string | null | undefined): string | null {
  const s = (raw ?? '').trim();
  if (!s) return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(s) ? s : `https://${s}`;
  try {
    return new URL(withScheme).toString();
  } catch {
    return null;
  }
}
