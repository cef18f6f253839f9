import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { userSchema } from '../../../shared/auth';
import {
  enableTwoFactorSchema,
  passwordConfirmSchema,
  recoveryCodesSchema,
  secondFactorSchema,
  twoFactorSetupSchema,
  twoFactorStatusSchema,
} from '../../../shared/two-factor';
import type { AppDeps } from '../../platform/deps';
import { unauthorized } from '../../platform/http/errors';
import type { AppInstance } from '../../platform/http/types';
import { loginLimitsOf, releaseLoginAttempt, reserveLoginAttempt } from './login-limit';
import { reauthLimit } from './reauth-limit';
import { requireUser } from './request-user';
import { users } from './schema';
import {
  checkSecondFactor,
  disableTwoFactor,
  enableTwoFactor,
  regenerateRecoveryCodes,
  startTwoFactorSetup,
  twoFactorStatus,
} from './two-factor';
import { CHALLENGE_COOKIE, endChallenge, failChallenge, findChallenge } from './two-factor-challenge';
import { toPublicUser, type UserRow } from './users';

type SignIn = (req: FastifyRequest, reply: FastifyReply, user: UserRow) => Promise<void>;

/** The second step of a sign-in, and /settings/security's calls (docs/decisions/0021-two-factor.md). */
export async function twoFactorRoutes(
  app: AppInstance,
  deps: AppDeps,
  opts: { signIn: SignIn; limit: Record<string, unknown> },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const { config } = deps;
  const tags = ['auth'];

  r.post(
    '/api/login/two-factor',
    { config: opts.limit, schema: { tags, body: secondFactorSchema, response: { 200: userSchema } } },
    async (req, reply) => {
      const now = deps.clock();
      const challenge = await findChallenge({ db, token: req.cookies[CHALLENGE_COOKIE], now });
      if (!challenge) throw unauthorized('Your sign-in has expired. Enter your password again.');
      // Every code is a sign-in attempt on the same limiter as passwords (decision 0005).
      const ticket = await reserveLoginAttempt({
        db,
        now,
        username: challenge.loginName,
        ip: req.ip,
        limits: loginLimitsOf(config),
      });
      const kind = await checkSecondFactor({
        db,
        config,
        userId: challenge.userId,
        code: req.body.code,
        now,
      });
      if (!kind) {
        const open = await failChallenge({ db, challenge });
        if (!open) reply.clearCookie(CHALLENGE_COOKIE, { path: '/api/login' });
        throw unauthorized(
          open ? 'That code is not right.' : 'Too many wrong codes. Enter your password again.',
        );
      }
      await releaseLoginAttempt({ db, ticket });
      await releaseLoginAttempt({ db, ticket: challenge });
      await endChallenge({ db, challenge });
      reply.clearCookie(CHALLENGE_COOKIE, { path: '/api/login' });
      const [user] = await db.select().from(users).where(eq(users.id, challenge.userId)).limit(1);
      if (!user) throw unauthorized('Your sign-in has expired. Enter your password again.');
      await opts.signIn(req, reply, user);
      return toPublicUser(user);
    },
  );

  r.get(
    '/api/account/two-factor',
    { schema: { tags, response: { 200: twoFactorStatusSchema } } },
    async (req) => twoFactorStatus({ db, userId: requireUser(req).id }),
  );

  r.post(
    '/api/account/two-factor/setup',
    { schema: { tags, response: { 200: twoFactorSetupSchema } } },
    async (req) => startTwoFactorSetup({ db, config, user: requireUser(req) }),
  );

  r.post(
    '/api/account/two-factor/enable',
    {
      config: reauthLimit,
      schema: { tags, body: enableTwoFactorSchema, response: { 200: recoveryCodesSchema } },
    },
    async (req) =>
      enableTwoFactor({
        db,
        config,
        userId: requireUser(req).id,
        code: req.body.code,
        password: req.body.password,
        now: deps.clock(),
      }),
  );

  r.post(
    '/api/account/two-factor/disable',
    {
      config: reauthLimit,
      schema: { tags, body: passwordConfirmSchema, response: { 200: twoFactorStatusSchema } },
    },
    async (req) => {
      const userId = requireUser(req).id;
      await disableTwoFactor({ db, userId, password: req.body.password });
      return twoFactorStatus({ db, userId });
    },
  );

  r.post(
    '/api/account/two-factor/recovery-codes',
    {
      config: reauthLimit,
      schema: { tags, body: passwordConfirmSchema, response: { 200: recoveryCodesSchema } },
    },
    async (req) => regenerateRecoveryCodes({ db, userId: requireUser(req).id, password: req.body.password }),
  );
}
