import { and, desc, eq } from 'drizzle-orm';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  API_SCOPES,
  type ApiScope,
  type ApiToken,
  apiTokenListSchema,
  createApiTokenSchema,
  createdApiTokenSchema,
} from '../../../shared/api-tokens';
import { randomToken, sha256 } from '../../platform/crypto/tokens';
import type { Db } from '../../platform/db/client';
import type { AppDeps } from '../../platform/deps';
import { badRequest, notFound } from '../../platform/http/errors';
import type { AppInstance } from '../../platform/http/types';
import { requirePermission, requireWorkspace } from '../workspaces';
import { requireUser } from './request-user';
import { apiTokens } from './schema';

// API tokens: the secret is shown once at creation; only its SHA-256 is stored. A token belongs to a
// workspace and acts there with its creator's role (api-v1/auth.ts); admins manage the workspace's tokens.
const MAX_TOKENS = 20;
const PREFIX = 'vl_';

type Row = typeof apiTokens.$inferSelect;
const toApiToken = (r: Row): ApiToken => ({
  id: r.id,
  name: r.name,
  scopes: r.scopes,
  lastUsedAt: r.lastUsedAt?.toISOString() ?? null,
  createdAt: r.createdAt.toISOString(),
});

export async function listApiTokens(opts: { db: Db; workspaceId: string }) {
  const rows = await opts.db
    .select()
    .from(apiTokens)
    .where(eq(apiTokens.workspaceId, opts.workspaceId))
    .orderBy(desc(apiTokens.createdAt));
  return rows.map(toApiToken);
}

export async function createApiToken(opts: {
  db: Db;
  workspaceId: string;
  /** The creator: the token carries their role in the workspace. */
  userId: string;
  name: string;
  now: Date;
  scopes?: readonly ApiScope[];
}) {
  if ((await listApiTokens(opts)).length >= MAX_TOKENS)
    throw badRequest(`At most ${MAX_TOKENS} tokens; revoke one first`);
  const token = `${PREFIX}${randomToken()}`;
  const [row] = await opts.db
    .insert(apiTokens)
    .values({
      workspaceId: opts.workspaceId,
      userId: opts.userId,
      name: opts.name,
      tokenHash: sha256(token),
      createdAt: opts.now,
      scopes: [...new Set(opts.scopes ?? API_SCOPES)],
    })
    .returning();
  return { ...toApiToken(row), token };
}

export async function revokeApiToken(opts: { db: Db; workspaceId: string; id: string }) {
  if (!/^[0-9a-f-]{36}$/i.test(opts.id)) throw notFound('Token not found');
  const rows = await opts.db
    .delete(apiTokens)
    .where(and(eq(apiTokens.id, opts.id), eq(apiTokens.workspaceId, opts.workspaceId)))
    .returning({ id: apiTokens.id });
  if (!rows.length) throw notFound('Token not found');
}

export async function apiTokenRoutes(app: AppInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  r.get(
    '/api/api-tokens',
    { schema: { tags: ['auth'], response: { 200: apiTokenListSchema } } },
    async (req) => listApiTokens({ db, workspaceId: requireWorkspace(req).id }),
  );
  r.post(
    '/api/api-tokens',
    { schema: { tags: ['auth'], body: createApiTokenSchema, response: { 201: createdApiTokenSchema } } },
    async (req, reply) =>
      reply.code(201).send(
        await createApiToken({
          db,
          workspaceId: requirePermission(req, 'keys:manage').id,
          userId: requireUser(req).id,
          name: req.body.name,
          scopes: req.body.scopes,
          now: deps.clock(),
        }),
      ),
  );
  r.delete(
    '/api/api-tokens/:id',
    {
      schema: {
        tags: ['auth'],
        params: z.object({ id: z.string() }),
        response: { 204: z.null().describe('Revoked (no body)') },
      },
    },
    async (req, reply) => {
      await revokeApiToken({ db, workspaceId: requirePermission(req, 'keys:manage').id, id: req.params.id });
      return reply.code(204).send(null);
    },
  );
}
