import type { FastifyRequest } from 'fastify';
import { rateLimited } from '../../platform/http/rate-limit';

// Every signed-in route that checks the password or a second factor again (changing the address, the
// password or two-factor sign-in, new recovery codes, deleting the account) counts on one limit per
// account. A stolen session must not be a way to guess the password: a limit per client address is no
// bound on an attacker with several addresses, and one per route would multiply the allowance by the
// number of routes. Sign-in itself is limited in the database (login-limit.ts, decision 0005).
const MAX = 10;
const WINDOW_MS = 15 * 60_000;

const perAccount = rateLimited({
  max: MAX,
  windowMs: WINDOW_MS,
  // After the session is read, so the key is the account whatever address the requests come from.
  hook: 'preHandler',
  groupId: 'account-reauth',
  keyGenerator: (req) => `account:${req.user?.id}`,
  message: 'Too many attempts with your password or code.',
});

/**
 * Route config: `config: reauthLimit`. Right answers count too, so the allowance is plain to state.
 * Requests without a session are not counted: they check nothing and the route answers them 401.
 */
export const reauthLimit = {
  rateLimit: { ...perAccount.rateLimit, allowList: (req: FastifyRequest) => !req.user },
};
