import { and, desc, eq } from 'drizzle-orm';
import type { EmailTemplate, SaveTemplateInput } from '../../../shared/email-automation';
import { saveTemplateSchema } from '../../../shared/email-automation';
import type { Db } from '../../platform/db/client';
import { badRequest, notFound } from '../../platform/http/errors';
import { emailTemplates } from './schema';

/** A workspace may keep this many sequences; enough for real use, bounded against abuse. */
export const MAX_TEMPLATES = 200;

type Row = typeof emailTemplates.$inferSelect;
const view = (r: Row): EmailTemplate => ({
  id: r.id,
  name: r.name,
  steps: r.steps,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});
const isUuid = (id: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);

export async function listTemplates(opts: { db: Db; workspaceId: string }): Promise<EmailTemplate[]> {
  const rows = await opts.db
    .select()
    .from(emailTemplates)
    .where(eq(emailTemplates.workspaceId, opts.workspaceId))
    .orderBy(desc(emailTemplates.updatedAt))
    .limit(MAX_TEMPLATES);
  return rows.map(view);
}

export async function getTemplate(opts: { db: Db; workspaceId: string; id: string }): Promise<EmailTemplate> {
  if (!isUuid(opts.id)) throw notFound('Sequence not found');
  const [row] = await opts.db
    .select()
    .from(emailTemplates)
    .where(and(eq(emailTemplates.id, opts.id), eq(emailTemplates.workspaceId, opts.workspaceId)));
  if (!row) throw notFound('Sequence not found');
  return view(row);
}

export async function createTemplate(opts: {
  db: Db;
  workspaceId: string;
  input: SaveTemplateInput;
  now: Date;
}): Promise<EmailTemplate> {
  const input = saveTemplateSchema.parse(opts.input);
  const existing = await listTemplates(opts);
  if (existing.length >= MAX_TEMPLATES) throw badRequest(`You can keep at most ${MAX_TEMPLATES} sequences`);
  const [row] = await opts.db
    .insert(emailTemplates)
    .values({
      workspaceId: opts.workspaceId,
      name: input.name,
      steps: input.steps,
      createdAt: opts.now,
      updatedAt: opts.now,
    })
    .returning();
  return view(row!);
}

export async function updateTemplate(opts: {
  db: Db;
  workspaceId: string;
  id: string;
  input: SaveTemplateInput;
  now: Date;
}): Promise<EmailTemplate> {
  if (!isUuid(opts.id)) throw notFound('Sequence not found');
  const input = saveTemplateSchema.parse(opts.input);
  const [row] = await opts.db
    .update(emailTemplates)
    .set({ name: input.name, steps: input.steps, updatedAt: opts.now })
    .where(and(eq(emailTemplates.id, opts.id), eq(emailTemplates.workspaceId, opts.workspaceId)))
    .returning();
  if (!row) throw notFound('Sequence not found');
  return view(row);
}

export async function deleteTemplate(opts: { db: Db; workspaceId: string; id: string }): Promise<void> {
  if (!isUuid(opts.id)) throw notFound('Sequence not found');
  const rows = await opts.db
    .delete(emailTemplates)
    .where(and(eq(emailTemplates.id, opts.id), eq(emailTemplates.workspaceId, opts.workspaceId)))
    .returning({ id: emailTemplates.id });
  if (!rows.length) throw notFound('Sequence not found');
}
