import net from 'node:net';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config';

// Links we mail (invitations, password resets, email changes) must point at this service. The Host header
// is the client's to choose (probe finding 1: `evil.example/phish?x=` was taken as ours), so a link's
// origin is PUBLIC_URL, or a request host named in PUBLIC_HOSTS, or a loopback host (development).

type OriginConfig = Pick<Config, 'PUBLIC_URL' | 'PUBLIC_HOSTS'>;

const HOST_SYNTAX =
  /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/;

/** `host[:port]` entries of PUBLIC_HOSTS, lower case. */
export const publicHosts = (config: OriginConfig) =>
  (config.PUBLIC_HOSTS ?? '')
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);

function isLoopback(host: string): boolean {
  const name = host.replace(/:\d+$/, '').replace(/^\[|\]$/g, '');
  if (name === 'localhost') return true;
  if (net.isIPv4(name)) return name.startsWith('127.');
  return name === '::1';
}

/** The origin to build links on, or null when the request's host is not one we may trust. */
export function linkOrigin(
  req: Pick<FastifyRequest, 'host' | 'protocol'>,
  config: OriginConfig,
): string | null {
  if (config.PUBLIC_URL) return config.PUBLIC_URL.replace(/\/+$/, '');
  const host = String(req.host ?? '').toLowerCase();
  if (!HOST_SYNTAX.test(host)) return null;
  if (!isLoopback(host) && !publicHosts(config).includes(host)) return null;
  return `${req.protocol === 'https' ? 'https' : 'http'}://${host}`;
}

/**
 * Whether the request came through this service's declared public address (PUBLIC_URL is set, or the host
 * is in PUBLIC_HOSTS), not merely a loopback one: where a link may be shown instead of mailed.
 */
export function isPublicOrigin(req: Pick<FastifyRequest, 'host'>, config: OriginConfig): boolean {
  if (config.PUBLIC_URL) return true;
  return publicHosts(config).includes(String(req.host ?? '').toLowerCase());
}

/** The message shown when no link can be built. */
export const NO_PUBLIC_URL =
  'This server does not know its public address: the operator must set PUBLIC_URL (or PUBLIC_HOSTS).';
