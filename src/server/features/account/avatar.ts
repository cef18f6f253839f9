import { and, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { badRequest, notFound } from '../../platform/http/errors';
import { rasterImageType } from '../../platform/http/image-type';
import { updateAccountFields } from '../auth';
import { sameOrTeammate } from '../workspaces';
import { userAvatars } from './schema';

export const AVATAR_MAX_BYTES = 256 * 1024;
type ImageType = 'png' | 'jpeg' | 'webp';
const MIME: Record<ImageType, string> = { png: 'image/png', jpeg: 'image/jpeg', webp: 'image/webp' };

export async function saveAvatar(opts: { db: Db; userId: string; bytes: Buffer; now: Date }) {
  // SVG is refused: it can hold script.
  const type = rasterImageType(opts.bytes);
  if (!type) throw badRequest('Use a PNG, JPEG or WebP picture.');
  const values = { image: opts.bytes, imageType: type, updatedAt: opts.now };
  await opts.db
    .insert(userAvatars)
    .values({ userId: opts.userId, ...values })
    .onConflictDoUpdate({ target: userAvatars.userId, set: values });
  // The user's picture address is what every screen shows (the top bar's menu).
  await updateAccountFields(opts.db, opts.userId, { profileImageUrl: avatarPath(opts.userId, opts.now) });
}

export async function deleteAvatar(db: Db, userId: string) {
  await db.delete(userAvatars).where(eq(userAvatars.userId, userId));
  await updateAccountFields(db, userId, { profileImageUrl: null });
}

const avatarPath = (userId: string, at: Date) => `/api/account/avatar/${userId}?v=${at.getTime()}`;

/** The picture's address; its version changes with every upload, so each one may be cached. */
export async function avatarUrlOf(db: Db, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ at: userAvatars.updatedAt })
    .from(userAvatars)
    .where(eq(userAvatars.userId, userId));
  return row ? avatarPath(userId, row.at) : null;
}

/** A person's picture, for themselves and the people they share a workspace with (others: 404). */
export async function readAvatar(db: Db, viewerId: string, userId: string) {
  if (!/^[0-9a-f-]{36}$/i.test(userId)) throw notFound('No picture');
  const [row] = await db
    .select({ image: userAvatars.image, imageType: userAvatars.imageType })
    .from(userAvatars)
    .where(and(eq(userAvatars.userId, userId), sameOrTeammate({ viewerId, userId })));
  if (!row) throw notFound('No picture');
  return {
    bytes: row.image,
    headers: {
      'content-type': MIME[row.imageType],
      'x-content-type-options': 'nosniff',
      // Seen only by signed-in people: kept by their browser, never by a shared cache.
      'cache-control': 'private, max-age=300',
    },
  };
}
