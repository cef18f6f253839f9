import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { LOGO_MAX_BYTES, LOGO_MIME, type LogoType } from '../../../shared/branding';
import type { Db } from '../../platform/db/client';
import { AppError, badRequest, notFound } from '../../platform/http/errors';
import { rasterImageType } from '../../platform/http/image-type';
import { workspaceBranding } from './schema';

/**
 * The image type from the file's first bytes (never the name or the browser's Content-Type). An SVG is
 * accepted as a document whose root element is <svg>; it is only ever served with a sandboxing
 * Content-Security-Policy (see logoHeaders), so a script inside it cannot run on our origin.
 */
export function sniffLogo(bytes: Buffer): LogoType | null {
  const raster = rasterImageType(bytes);
  if (raster) return raster;
  const head = bytes
    .subarray(0, 1024)
    .toString('utf8')
    .replace(/^\uFEFF/, '');
  const withoutProlog = head.replace(/^\s*(<\?xml[^>]*\?>\s*|<!--[\s\S]*?-->\s*|<!DOCTYPE[^>]*>\s*)*/i, '');
  if (/^<svg[\s>]/i.test(withoutProlog)) return 'svg';
  return null;
}

export async function saveLogo(opts: { db: Db; workspaceId: string; bytes: Buffer; now: Date }) {
  if (opts.bytes.length === 0) throw badRequest('The logo file is empty.');
  if (opts.bytes.length > LOGO_MAX_BYTES) {
    throw new AppError(
      'payload_too_large',
      `The logo is ${Math.ceil(opts.bytes.length / 1024)} KB; it may be ${LOGO_MAX_BYTES / 1024} KB at most.`,
    );
  }
  const type = sniffLogo(opts.bytes);
  if (!type) throw badRequest('The logo must be a PNG, JPEG, WebP or SVG image.');
  const values = { logo: opts.bytes, logoType: type, updatedAt: opts.now };
  await opts.db
    .insert(workspaceBranding)
    .values({ workspaceId: opts.workspaceId, ...values })
    .onConflictDoUpdate({ target: workspaceBranding.workspaceId, set: values });
}

export async function deleteLogo(opts: { db: Db; workspaceId: string; now: Date }) {
  await opts.db
    .update(workspaceBranding)
    .set({ logo: null, logoType: null, updatedAt: opts.now })
    .where(eq(workspaceBranding.workspaceId, opts.workspaceId));
}

/** The stored logo with the headers to serve it: cacheable, revalidated by a content hash. */
export async function readLogo(opts: { db: Db; workspaceId: string }) {
  const [row] = await opts.db
    .select({ logo: workspaceBranding.logo, type: workspaceBranding.logoType })
    .from(workspaceBranding)
    .where(eq(workspaceBranding.workspaceId, opts.workspaceId));
  if (!row?.logo || !row.type) throw notFound('No logo');
  const etag = `"${createHash('sha256').update(row.logo).digest('base64url').slice(0, 27)}"`;
  return { bytes: row.logo, etag, headers: logoHeaders(row.type) };
}

function logoHeaders(type: LogoType): Record<string, string> {
  return {
    'content-type': LOGO_MIME[type],
    'x-content-type-options': 'nosniff',
    // Opened directly, an SVG is a document: no script, no requests, a unique origin.
    'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    'cache-control': 'public, max-age=300, must-revalidate',
  };
}
