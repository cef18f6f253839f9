import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { loginSchema, messageSchema, registerSchema, userSchema } from '../../../shared/auth';
import { loginResultSchema } from '../../../shared/two-factor';
import type { AppDeps } from '../../platform/deps';
import { unauthorized } from '../../platform/http/errors';
import { linkOrigin } from '../../platform/http/public-origin';
import { rateLimited } from '../../platform/http/rate-limit';
import type { AppInstance } from '../../platform/http/types';
import {
  loginLimitsOf,
  releaseLoginAttempt,
  rememberSignInAddress,
  reserveLoginAttempt,
} from './login-limit';
import { requireUser } from './request-user';
import { createSession, deleteSession, SESSION_COOKIE } from './sessions';
import { mailSignUpAttempt, signUpEcho } from './sign-up-attempt';
import { isTwoFactorEnabled } from './two-factor';
import { beginSecondFactor } from './two-factor-challenge';
import { twoFactorRoutes } from './two-factor-routes';
import { authenticate, registerUser, signInName, toPublicUser, type UserRow } from './users';
import { sessionWorkspaceRoutes } from './workspace-routes';

export async function authRoutes(app: AppInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const c = deps.config;
  // Per address: each account carries a trial, and every sign-in attempt costs an argon2 hash.
  const signupLimit = rateLimited({
    max: c.RATE_LIMIT_SIGNUP_MAX,
    windowMs: c.RATE_LIMIT_SIGNUP_WINDOW_MINUTES * 60_000,
    message: 'Too many accounts created from this address.',
  });
  const loginLimit = rateLimited({
    max: c.RATE_LIMIT_LOGIN_MAX,
    windowMs: c.RATE_LIMIT_LOGIN_WINDOW_MINUTES * 60_000,
    message: 'Too many sign-in attempts from this address.',
  });

  // A new session id at every sign-in (and the old one dropped), so a planted cookie is useless.
  const signIn = async (req: FastifyRequest, reply: FastifyReply, user: UserRow) => {
    const old = req.cookies[SESSION_COOKIE];
    if (old) await deleteSession({ db, token: old });
    await rememberSignInAddress({ db, userId: user.id, ip: req.ip, now: deps.clock() });
    const { token, expiresAt } = await createSession({
      db,
      userId: user.id,
      now: deps.clock(),
      ttlHours: deps.config.SESSION_TTL_HOURS,
      userAgent: req.headers['user-agent'],
      ip: req.ip,
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
      config: signupLimit,
      schema: {
        tags: ['auth'],
        body: registerSchema,
        response: { 201: userSchema },
      },
    },
    async (req, reply) => {
      const made = await registerUser({
        db,
        input: req.body,
        now: deps.clock(),
        trialDays: deps.config.TRIAL_DAYS,
        hashMemoryKib: deps.config.PASSWORD_HASH_MEMORY_KIB,
      });
      if ('user' in made) {
        await signIn(req, reply, made.user);
        return reply.code(201).send(toPublicUser(made.user));
      }
      // A taken address: the same 201, no session; its owner hears of it after the answer has gone.
      const origin = linkOrigin(req, c);
      reply.raw.once('finish', () => {
        mailSignUpAttempt({ config: c, to: req.body.email, origin }).catch((err) =>
          req.log.warn({ err }, 'sign-up attempt notice not sent'),
        );
      });
      return reply.code(201).send(signUpEcho(req.body));
    },
  );

  r.post(
    '/api/login',
    {
      config: loginLimit,
      schema: {
        tags: ['auth'],
        body: loginSchema,
        response: { 200: loginResultSchema },
      },
    },
    async (req, reply) => {
      const username = await signInName(db, req.body.username);
      const ticket = await reserveLoginAttempt({
        db,
        now: deps.clock(),
        username,
        ip: req.ip,
        limits: loginLimitsOf(c),
      });
      const user = await authenticate({
        db,
        input: { ...req.body, username },
        hashMemoryKib: deps.config.PASSWORD_HASH_MEMORY_KIB,
      });
      // A wrong password keeps its reservation: that is the recorded failure.
      if (!user) throw unauthorized('Invalid username or password');
      // Two-factor accounts: the reservation stays until the code is right too (two-factor-routes.ts).
      if (await isTwoFactorEnabled({ db, userId: user.id })) {
        return beginSecondFactor({
          app,
          db,
          req,
          reply,
          userId: user.id,
          loginName: username,
          ticket,
          now: deps.clock(),
        });
      }
      await releaseLoginAttempt({ db, ticket });
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

  await twoFactorRoutes(app, deps, { signIn, limit: loginLimit });
  await sessionWorkspaceRoutes(app, deps);

  r.get('/api/user', { schema: { tags: ['auth'], response: { 200: userSchema } } }, async (req) =>
    toPublicUser(requireUser(req)),
  );
}
