import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CSRF_COOKIE, CSRF_HEADER } from '../../../shared/auth';
import { randomToken } from '../crypto/tokens';
import { errorBody } from './errors';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Skip CSRF (only for calls authenticated another way, e.g. Stripe's signed webhooks). */
    csrfExempt?: boolean;
  }
}

/**
 * Double-submit token: the server sets a random cookie the page can read, and every state-changing
 * call must echo it in a header. A cross-site form or fetch cannot read the cookie, so it cannot send
 * the header. An Origin header from another site is refused outright as a second line.
 */
export function installCsrf(app: FastifyInstance, opts: { secureCookie: (req: FastifyRequest) => boolean }) {
  const ensureCookie = (req: FastifyRequest, reply: FastifyReply): string => {
    const existing = req.cookies[CSRF_COOKIE];
    if (existing && existing.length >= 32) return existing;
    const token = randomToken();
    reply.setCookie(CSRF_COOKIE, token, {
      path: '/',
      sameSite: 'lax',
      httpOnly: false,
      secure: opts.secureCookie(req),
    });
    req.cookies[CSRF_COOKIE] = token;
    return token;
  };

  app.addHook('onRequest', async (req, reply) => {
    if (!req.url.startsWith('/api/')) return;
    const token = ensureCookie(req, reply);
    if (SAFE.has(req.method) || req.routeOptions.config?.csrfExempt) return;
    // Bearer-token calls carry no ambient credentials, so they cannot be forged cross-site.
    if (/^Bearer\s/i.test(req.headers.authorization ?? '') && !req.headers.cookie) return;
    const origin = req.headers.origin;
    if (origin !== undefined) {
      const host = req.headers['x-forwarded-host'] ?? req.headers.host;
      if (originHost(origin) !== host) return deny(reply, 'Cross-site request refused.');
    }
    const sent = req.headers[CSRF_HEADER];
    if (typeof sent !== 'string' || !same(sent, token)) {
      return deny(reply, 'Missing or invalid CSRF token. Reload the page and try again.');
    }
  });

  app.get('/api/csrf', { schema: { hide: true } }, async (req, reply) => ({
    csrfToken: ensureCookie(req, reply),
  }));
}

/**
 * The host of a well-formed Origin header (`scheme://host[:port]`, nothing else), or null. `null` (sandboxed
 * frames, file pages, cross-site redirects), paths, several origins and garbage never name our host.
 */
function originHost(origin: string): string | null {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  return url.origin === origin.toLowerCase() ? url.host : null;
}

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

function deny(reply: FastifyReply, message: string) {
  return reply.code(403).send(errorBody(message, { code: 'forbidden' }));
}
