import type { FastifyInstance } from 'fastify';

/**
 * API answers carry the user's own data (lists, results, exports, account): no browser or proxy cache may
 * keep them, e.g. for the next person on a shared computer. Set before the handler runs, so a route that
 * truly serves something public can still choose its own Cache-Control.
 */
export function installNoStore(app: FastifyInstance) {
  app.addHook('onRequest', async (req, reply) => {
    if (req.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
  });
  // A shared cache may hand a public answer (the logo) to every visitor, cookies included: such an
  // answer sets none (the CSRF cookie is set by the next private call instead).
  app.addHook('onSend', async (_req, reply, payload) => {
    if (/\bpublic\b/i.test(String(reply.getHeader('cache-control') ?? ''))) reply.removeHeader('set-cookie');
    return payload;
  });
}
