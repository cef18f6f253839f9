import { eq } from 'drizzle-orm';
import type { SmartleadSettings } from '../../../../shared/smartlead';
import { isMaskedKey, NO_KEY_MESSAGE } from '../../../../shared/smartlead';
import type { Config } from '../../../platform/config';
import { decryptSecret, encryptSecret, SecretBoxError } from '../../../platform/crypto/secret-box';
import type { Db } from '../../../platform/db/client';
import { badRequest } from '../../../platform/http/errors';
import { smartleadSettings } from '../schema';

type KeyConfig = Pick<Config, 'ENCRYPTION_KEY' | 'dataDir'>;

// The sealed key is bound to its owner: a value copied into another workspace's row does not open.
const context = (workspaceId: string) => `smartlead-api-key:${workspaceId}`;

export async function getSettings(opts: { db: Db; workspaceId: string }): Promise<SmartleadSettings> {
  const [row] = await opts.db
    .select()
    .from(smartleadSettings)
    .where(eq(smartleadSettings.workspaceId, opts.workspaceId))
    .limit(1);
  if (!row) return { hasApiKey: false, lastTested: null, accountInfo: null };
  const hasInfo = row.accountEmail !== null || row.accountPlan !== null;
  return {
    hasApiKey: true,
    lastTested: row.lastTestedAt?.toISOString() ?? null,
    accountInfo: hasInfo ? { email: row.accountEmail, plan: row.accountPlan } : null,
  };
}

/** Saves (replaces) the key. A new key has not been tested, so the test result is cleared. */
export async function saveApiKey(opts: {
  db: Db;
  config: KeyConfig;
  workspaceId: string;
  apiKey: string;
  now: Date;
}): Promise<void> {
  const apiKey = opts.apiKey.trim();
  // The schema refuses these too; this guard keeps the rule true for any other caller.
  if (!apiKey || isMaskedKey(apiKey))
    throw badRequest('Enter the full API key: the masked value cannot be saved');
  const sealed = encryptSecret({
    config: opts.config,
    plaintext: apiKey,
    context: context(opts.workspaceId),
  });
  const values = {
    apiKeySealed: sealed,
    lastTestedAt: null,
    accountEmail: null,
    accountPlan: null,
    updatedAt: opts.now,
  };
  await opts.db
    .insert(smartleadSettings)
    .values({ workspaceId: opts.workspaceId, ...values })
    .onConflictDoUpdate({ target: smartleadSettings.workspaceId, set: values });
}

/** The workspace's plaintext key (server side only), or the documented 400 when none is saved. */
export async function loadApiKey(opts: { db: Db; config: KeyConfig; workspaceId: string }): Promise<string> {
  const [row] = await opts.db
    .select({ sealed: smartleadSettings.apiKeySealed })
    .from(smartleadSettings)
    .where(eq(smartleadSettings.workspaceId, opts.workspaceId))
    .limit(1);
  if (!row) throw badRequest(NO_KEY_MESSAGE);
  try {
    return decryptSecret({ config: opts.config, ciphertext: row.sealed, context: context(opts.workspaceId) });
  } catch (err) {
    if (!(err instanceof SecretBoxError)) throw err;
    throw badRequest(
      'Your saved Smartlead API key can no longer be read (the server’s encryption key changed). Please enter it again in the settings.',
    );
  }
}

export async function recordTest(opts: {
  db: Db;
  workspaceId: string;
  now: Date;
  account?: { email: string | null; plan: string | null } | null;
}): Promise<void> {
  await opts.db
    .update(smartleadSettings)
    .set({
      lastTestedAt: opts.now,
      ...(opts.account ? { accountEmail: opts.account.email, accountPlan: opts.account.plan } : {}),
    })
    .where(eq(smartleadSettings.workspaceId, opts.workspaceId));
}
