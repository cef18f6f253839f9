import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accountSchema,
  changeEmailResultSchema,
  changeEmailSchema,
  changePasswordSchema,
  deleteAccountSchema,
  resetTokenSchema,
  sessionListSchema,
  signedOutSchema,
  updateProfileSchema,
} from '../../../shared/account';
import { messageSchema } from '../../../shared/auth';
import type { AppDeps } from '../../platform/deps';
import { badRequest } from '../../platform/http/errors';
import { isPublicOrigin, linkOrigin } from '../../platform/http/public-origin';
import type { AppInstance } from '../../platform/http/types';
import {
  deleteUserSessions,
  endSession,
  listSessions,
  reauthLimit,
  requireUser,
  SESSION_COOKIE,
} from '../auth';
import { readUpload } from '../branding';
import { AVATAR_MAX_BYTES, deleteAvatar, readAvatar, saveAvatar } from './avatar';
import { changePassword, confirmEmailChange, requestEmailChange } from './credentials';
import { deleteAccount } from './delete';
import { securityNoticeMail, sendAccountMail } from './mail';
import { accountView, updateProfile } from './profile';
import { passwordResetRoutes } from './reset-routes';

const AVATAR_FIELD = 'avatar';

/** The account screen (/settings/account): profile, address, password, sessions, deletion. */
export async function accountRoutes(app: AppInstance, deps: AppDeps) {
  await passwordResetRoutes(app, deps);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const { config, clock } = deps;
  const tags = ['account'];
  const ok = { 200: accountSchema };

  const view = (userId: string) => accountView({ db, config, userId, now: clock() });
  // Notices go out after the answer; a relay that refuses is logged, the change stands.
  const notify = (req: FastifyRequest, to: string, mail: { subject: string; text: string }) => {
    if (!config.SMTP_RELAY_URL) return;
    sendAccountMail({ config, to, mail }).catch((err) => req.log.warn({ err }, 'account notice not sent'));
  };
  const signOutHere = (reply: FastifyReply) => reply.clearCookie(SESSION_COOKIE, { path: '/' });
  const token = (req: FastifyRequest) => req.cookies[SESSION_COOKIE];

  r.get('/api/account', { schema: { tags, response: ok } }, async (req) => view(requireUser(req).id));

  r.patch('/api/account', { schema: { tags, body: updateProfileSchema, response: ok } }, async (req) => {
    const user = requireUser(req);
    await updateProfile({ db, userId: user.id, input: req.body });
    return view(user.id);
  });

  r.post(
    '/api/account/avatar',
    {
      schema: {
        tags,
        description: `multipart/form-data with the picture in the field \`${AVATAR_FIELD}\` (PNG, JPEG or WebP, at most ${AVATAR_MAX_BYTES / 1024} KB).`,
        response: ok,
      },
    },
    async (req) => {
      const user = requireUser(req);
      if (!req.isMultipart())
        throw badRequest(`Send the picture as multipart/form-data in the field "${AVATAR_FIELD}".`);
      const bytes = await readUpload(req, AVATAR_FIELD, AVATAR_MAX_BYTES, 'The picture');
      await saveAvatar({ db, userId: user.id, bytes, now: clock() });
      return view(user.id);
    },
  );

  r.delete('/api/account/avatar', { schema: { tags, response: ok } }, async (req) => {
    const user = requireUser(req);
    await deleteAvatar(db, user.id);
    return view(user.id);
  });

  r.get(
    '/api/account/avatar/:userId',
    {
      schema: {
        tags,
        params: z.object({ userId: z.string() }),
        response: { 200: { description: 'The picture', content: { 'image/*': { schema: z.string() } } } },
      },
    },
    async (req, reply) => {
      const avatar = await readAvatar(db, requireUser(req).id, req.params.userId);
      return reply.headers(avatar.headers).send(avatar.bytes as never);
    },
  );

  r.post(
    '/api/account/email',
    {
      config: reauthLimit,
      schema: { tags, body: changeEmailSchema, response: { 200: changeEmailResultSchema } },
    },
    async (req) => {
      return requestEmailChange({
        db,
        config,
        user: requireUser(req),
        email: req.body.email,
        password: req.body.password,
        origin: linkOrigin(req, config),
        publicOrigin: isPublicOrigin(req, config),
        now: clock(),
      });
    },
  );

  r.post(
    '/api/account/email/confirm',
    { schema: { tags, body: resetTokenSchema, response: ok } },
    async (req) => {
      const user = requireUser(req);
      const email = await confirmEmailChange({ db, user, token: req.body.token, now: clock() });
      notify(req, user.email, securityNoticeMail('email', email));
      return view(user.id);
    },
  );

  r.post(
    '/api/account/password',
    {
      config: reauthLimit,
      schema: { tags, body: changePasswordSchema, response: { 200: signedOutSchema } },
    },
    async (req) => {
      const user = requireUser(req);
      const signedOut = await changePassword({
        db,
        user,
        currentPassword: req.body.currentPassword,
        newPassword: req.body.newPassword,
        keepToken: token(req),
        hashMemoryKib: config.PASSWORD_HASH_MEMORY_KIB,
      });
      notify(req, user.email, securityNoticeMail('password'));
      return { signedOut };
    },
  );

  r.get('/api/account/sessions', { schema: { tags, response: { 200: sessionListSchema } } }, async (req) =>
    listSessions({ db, userId: requireUser(req).id, currentToken: token(req), now: clock() }),
  );

  r.delete(
    '/api/account/sessions/:id',
    { schema: { tags, params: z.object({ id: z.string() }), response: { 200: signedOutSchema } } },
    async (req) => {
      await endSession({ db, userId: requireUser(req).id, id: req.params.id });
      return { signedOut: 1 };
    },
  );

  // "Sign out everywhere": this browser too.
  r.post(
    '/api/account/sessions/end-all',
    { schema: { tags, response: { 200: signedOutSchema } } },
    async (req, reply) => {
      const signedOut = await deleteUserSessions({ db, userId: requireUser(req).id });
      signOutHere(reply);
      return { signedOut };
    },
  );

  r.post(
    '/api/account/delete',
    {
      config: reauthLimit,
      schema: { tags, body: deleteAccountSchema, response: { 200: messageSchema } },
    },
    async (req, reply) => {
      await deleteAccount({
        db,
        queue: deps.queue,
        user: requireUser(req),
        password: req.body.password,
        now: clock(),
      });
      signOutHere(reply);
      return { message: 'Your account and its data have been deleted.' };
    },
  );
}
