import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  forgotPasswordResultSchema,
  forgotPasswordSchema,
  resetCheckSchema,
  resetInfoSchema,
  resetPasswordSchema,
  resetTokenSchema,
} from '../../../shared/account';
import { messageSchema } from '../../../shared/auth';
import type { AppDeps } from '../../platform/deps';
import { linkOrigin } from '../../platform/http/public-origin';
import { extraLimit, rateLimited } from '../../platform/http/rate-limit';
import type { AppInstance } from '../../platform/http/types';
import { checkResetLink, requestPasswordReset, resetDoneMessage, resetPassword } from './password-reset';

const WINDOW_MS = 15 * 60_000;
const TOO_MANY = 'Too many password reset requests.';

/** Forgotten password (decision 0830): a single-use, hashed, short-lived link by mail; the operator's CLI without one. */
export async function passwordResetRoutes(app: AppInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const { config, clock } = deps;
  const tags = ['account'];
  // Per email address and client together, whether or not the address has an account (a 429 for known
  // addresses only would tell). Keyed on the address alone, three requests from anyone blocked its owner's
  // resets for the whole window; the per-client limit still bounds how much one client can send.
  const perAddress = extraLimit(app, {
    max: config.RATE_LIMIT_RESET_ADDRESS_MAX,
    windowMs: WINDOW_MS,
    group: 'password-reset-address',
    message: TOO_MANY,
    key: (req) =>
      `reset:${req.ip}:${String((req.body as { email?: unknown })?.email ?? '')
        .trim()
        .toLowerCase()}`,
  });

  r.get('/api/password-reset', { schema: { tags, response: { 200: resetInfoSchema } } }, async () => ({
    mailEnabled: Boolean(config.SMTP_RELAY_URL),
    contact: config.OPERATOR_CONTACT,
  }));

  r.post(
    '/api/password-reset',
    {
      // Per client address, before anything is read.
      config: rateLimited({
        max: config.RATE_LIMIT_RESET_CLIENT_MAX,
        windowMs: WINDOW_MS,
        message: TOO_MANY,
      }),
      preHandler: perAddress,
      schema: { tags, body: forgotPasswordSchema, response: { 200: forgotPasswordResultSchema } },
    },
    async (req, reply) => {
      const origin = linkOrigin(req, config);
      if (!origin)
        req.log.warn('password reset requested, but no trusted origin for the link: set PUBLIC_URL');
      return requestPasswordReset({
        db,
        config,
        email: req.body.email,
        origin: origin ?? '',
        mailable: Boolean(origin),
        now: clock(),
        // Once the answer has gone out, so its time says nothing about the address.
        deliver: (send) => {
          reply.raw.once('finish', () => {
            send().catch((err) => req.log.warn({ err }, 'password reset mail not sent'));
          });
        },
      });
    },
  );

  r.get(
    '/api/password-reset/check',
    { schema: { tags, querystring: resetTokenSchema, response: { 200: resetCheckSchema } } },
    async (req) => checkResetLink({ db, token: req.query.token, now: clock() }),
  );

  r.post(
    '/api/password-reset/confirm',
    {
      config: rateLimited({
        max: config.RATE_LIMIT_RESET_CLIENT_MAX,
        windowMs: WINDOW_MS,
        message: TOO_MANY,
      }),
      schema: { tags, body: resetPasswordSchema, response: { 200: messageSchema } },
    },
    async (req) => {
      const done = await resetPassword({
        db,
        token: req.body.token,
        password: req.body.password,
        turnOffTwoFactor: req.body.turnOffTwoFactor,
        revokeApiTokens: req.body.revokeApiTokens,
        now: clock(),
        hashMemoryKib: config.PASSWORD_HASH_MEMORY_KIB,
      });
      return { message: resetDoneMessage(done) };
    },
  );
}
