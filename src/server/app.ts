import { existsSync } from 'node:fs';
import path from 'node:path';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyRequest } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { API_DOC_DESCRIPTION } from './features/api-v1/doc';
import { installRequestUser } from './features/auth/request-user';
import { features } from './features/index';
import type { AppDeps } from './platform/deps';
import { installCsrf } from './platform/http/csrf';
import { installErrorHandler } from './platform/http/error-handler';
import { errorBody } from './platform/http/errors';
import { installNoStore } from './platform/http/no-store';
import { installRateLimit } from './platform/http/rate-limit';
import { loggerOptions } from './platform/http/redact';
import { isMetricsPath } from './platform/ops/routes';

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

/** The HTTP app: plugins, then each feature's routes, then the built web app. No global state. */
export async function buildApp(
  deps: AppDeps,
  opts: { logger?: boolean; logStream?: NodeJS.WritableStream } = {},
) {
  const { config } = deps;
  const app = Fastify({
    // Query strings can carry secrets and search terms, errors the values of failed queries: both redacted.
    logger: opts.logger ? loggerOptions(config.LOG_LEVEL, opts.logStream) : false,
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('secureCookie', (req: FastifyRequest) =>
    config.COOKIE_SECURE === 'auto' ? req.protocol === 'https' : config.COOKIE_SECURE === 'true',
  );

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", 'https://js.stripe.com'],
        frameSrc: ["'self'", 'https://js.stripe.com', 'https://hooks.stripe.com'],
        connectSrc: ["'self'", 'https://api.stripe.com'],
        imgSrc: ["'self'", 'data:', 'https:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(cookie);
  await installRateLimit(app, { clock: deps.clock });
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 20, parts: 25 } });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Verilead API', version: '1.0.0', description: API_DOC_DESCRIPTION },
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });

  installErrorHandler(app);
  installNoStore(app);
  const { metrics } = deps;
  if (metrics) {
    // Labelled by route pattern (not the URL, which carries ids); unmatched requests share one label.
    app.addHook('onResponse', async (req, reply) => {
      metrics.httpRequest({
        method: req.method,
        route: req.routeOptions.url ?? 'unmatched',
        status: reply.statusCode,
        seconds: reply.elapsedTime / 1000,
      });
    });
  }
  installCsrf(app, { secureCookie: app.secureCookie });
  installRequestUser(app, deps);

  for (const feature of features) {
    if (feature.routes) await feature.routes(app, deps);
  }
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  const webDir = path.resolve(config.WEB_DIST_DIR);
  const hasWeb = config.SERVE_WEB && existsSync(path.join(webDir, 'index.html'));
  if (hasWeb) await app.register(fastifyStatic, { root: webDir, wildcard: false, index: false });

  app.setNotFoundHandler((req, reply) => {
    if (req.url.startsWith('/api/') || req.method !== 'GET' || isMetricsPath(req.url)) {
      return reply.code(404).send(errorBody('Not found', { code: 'not_found' }));
    }
    // Client-side routes (and the client's own 404 page) are all served by the single-page app.
    if (hasWeb) return reply.type('text/html').sendFile('index.html');
    return reply
      .code(503)
      .type('text/plain')
      .send('The web app is not built. Run `npm run build` (or `npm start`, which builds it).');
  });
  return app;
}
