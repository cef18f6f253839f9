import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { loginSchema, messageSchema, registerSchema, userSchema } from '../../shared/auth';
import type { AppDeps } from '../http/deps';
import { unauthorized } from '../http/errors';
import type { AppInstance } from '../http/types';
import { assertLoginAllowed, clearLoginFailures, recordLoginFailure } from './login-limit';
import { requireUser } from './request-user';
import { createSession, deleteSession, SESSION_COOKIE } from './sessions';
import { authenticate, registerUser, toPublicUser, type UserRow } from './users';

export async function authRoutes(app: AppInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;

  // A new session id at every sign-in (and the old one dropped), so a planted cookie is useless.
  const signIn = async (req: FastifyRequest, reply: FastifyReply, user: UserRow) => {
    const old = req.cookies[SESSION_COOKIE];
    if (old) await deleteSession({ db, token: old });
    const { token, expiresAt } = await createSession({
      db,
      userId: user.id,
      now: deps.clock(),
      ttlHours: deps.config.SESSION_TTL_HOURS,
    });
    reply.setCookie(SESSION_COOKIE, token, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: app.secureCookie(req),
      expires: expiresAt,
    });
  };

  r.post(
    '/api/apply',
    {
      schema: {
        tags: ['auth'],
        body: registerSchema,
        response: { 201: userSchema },
      },
    },
    async (req, reply) => {
      const user = await registerUser({
        db,
        input: req.body,
        now: deps.clock(),
        trialDays: deps.config.TRIAL_DAYS,
      });
      await signIn(req, reply, user);
      return reply.code(201).send(toPublicUser(user));
    },
  );

  r.post(
    '/api/login',
    { schema: { tags: ['auth'], body: loginSchema, response: { 200: userSchema } } },
    async (req, reply) => {
      const limit = {
        db,
        now: deps.clock(),
        username: req.body.username,
        ip: req.ip,
        maxFailures: deps.config.LOGIN_MAX_FAILURES,
        windowMinutes: deps.config.LOGIN_WINDOW_MINUTES,
      };
      await assertLoginAllowed(limit);
      const user = await authenticate({ db, input: req.body });
      if (!user) {
        await recordLoginFailure(limit);
        throw unauthorized('Invalid username or password');
      }
      await clearLoginFailures(limit);
      await signIn(req, reply, user);
      return toPublicUser(user);
    },
  );

  // Navigation target of "Start 7-Day Free Trial": sign-in happens on /auth.
  r.get('/api/login', { schema: { hide: true } }, async (_req, reply) => reply.redirect('/auth'));

  r.post(
    '/api/logout',
    { schema: { tags: ['auth'], response: { 200: messageSchema } } },
    async (req, reply) => {
      const token = req.cookies[SESSION_COOKIE];
      if (token) await deleteSession({ db, token });
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return { message: 'Logged out' };
    },
  );

  r.get('/api/user', { schema: { tags: ['auth'], response: { 200: userSchema } } }, async (req) =>
    toPublicUser(requireUser(req)),
  );

  r.get(
    '/api/health',
    { schema: { tags: ['system'], response: { 200: z.object({ ok: z.boolean(), database: z.string() }) } } },
    async () => ({
      ok: true,
      database: deps.database.kind,
    }),
  );
}
