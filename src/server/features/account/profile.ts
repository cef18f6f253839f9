import type { Account, UpdateProfileInput } from '../../../shared/account';
import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db/client';
import { notFound } from '../../platform/http/errors';
import { updateAccountFields, userById } from '../auth';
import { avatarUrlOf } from './avatar';
import { pendingEmailOf } from './credentials';

/** What the account screen shows, read fresh (after a change the request's user object is stale). */
export async function accountView(opts: {
  db: Db;
  config: Pick<Config, 'SMTP_RELAY_URL'>;
  userId: string;
  now: Date;
}): Promise<Account> {
  const user = await userById(opts.db, opts.userId);
  if (!user) throw notFound('Account not found');
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    avatarUrl: await avatarUrlOf(opts.db, user.id),
    pendingEmail: await pendingEmailOf(opts.db, user.id, opts.now),
    mailEnabled: Boolean(opts.config.SMTP_RELAY_URL),
  };
}

/** First and last name (trimmed by the contract; empty means none). */
export async function updateProfile(opts: { db: Db; userId: string; input: UpdateProfileInput }) {
  const { firstName, lastName } = opts.input;
  await updateAccountFields(opts.db, opts.userId, {
    firstName: firstName ?? null,
    lastName: lastName ?? null,
  });
}
