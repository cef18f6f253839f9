import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';

// Secrets at rest (provider API keys) are sealed with AES-256-GCM. The 32-byte key comes from
// ENCRYPTION_KEY (base64 or hex) or, when unset, from `secret.key` in DATA_DIR, generated once with 0600
// permissions. Multi-process deployments (DATABASE_URL + `npm run worker` on other machines) must set
// ENCRYPTION_KEY: each machine would otherwise generate its own key file and could not read the others'.

const VERSION = 'v1';
const IV_BYTES = 12;
export const KEY_FILE_NAME = 'secret.key';

type KeyConfig = Pick<Config, 'ENCRYPTION_KEY' | 'dataDir'>;

export class SecretBoxError extends Error {}

const keyCache = new Map<string, Buffer>();

/** Parses ENCRYPTION_KEY: 64 hex characters or base64 of exactly 32 bytes. */
export function parseEncryptionKey(value: string): Buffer {
  const v = value.trim();
  if (/^[0-9a-fA-F]{64}$/.test(v)) return Buffer.from(v, 'hex');
  if (/^[A-Za-z0-9+/_-]+={0,2}$/.test(v)) {
    const buf = Buffer.from(v, 'base64');
    if (buf.length === 32) return buf;
  }
  throw new SecretBoxError(
    'ENCRYPTION_KEY must be 32 bytes written as 64 hex characters or base64 (e.g. `openssl rand -base64 32`).',
  );
}

function loadOrCreateKeyFile(dataDir: string): Buffer {
  const file = path.join(dataDir, KEY_FILE_NAME);
  try {
    return parseEncryptionKey(readFileSync(file, 'utf8'));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  mkdirSync(dataDir, { recursive: true });
  try {
    // `wx`: if another process created it between our read and write, we read theirs instead.
    writeFileSync(file, `${randomBytes(32).toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  return parseEncryptionKey(readFileSync(file, 'utf8'));
}

/** The 32-byte key for this deployment (cached per source, so the file is read once). */
export function secretKey(config: KeyConfig): Buffer {
  const source = config.ENCRYPTION_KEY ? `env:${config.ENCRYPTION_KEY}` : `file:${config.dataDir}`;
  let key = keyCache.get(source);
  if (!key) {
    key = config.ENCRYPTION_KEY
      ? parseEncryptionKey(config.ENCRYPTION_KEY)
      : loadOrCreateKeyFile(config.dataDir);
    keyCache.set(source, key);
  }
  return key;
}

/**
 * Seals a secret. `context` (e.g. `smartlead:<userId>`) is bound as associated data, so a sealed value
 * copied into another user's row does not open there.
 */
export function encryptSecret(opts: { config: KeyConfig; plaintext: string; context?: string }): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', secretKey(opts.config), iv);
  if (opts.context) cipher.setAAD(Buffer.from(opts.context, 'utf8'));
  const body = Buffer.concat([cipher.update(opts.plaintext, 'utf8'), cipher.final()]);
  const tag = cipher.getAuthTag();
  return [VERSION, iv.toString('base64'), tag.toString('base64'), body.toString('base64')].join(':');
}

/** Opens a sealed secret; throws SecretBoxError when the key or context does not match. */
export function decryptSecret(opts: { config: KeyConfig; ciphertext: string; context?: string }): string {
  const [version, iv, tag, body] = opts.ciphertext.split(':');
  if (version !== VERSION || !iv || !tag || body === undefined) {
    throw new SecretBoxError('Unrecognised sealed secret format');
  }
  try {
    const decipher = createDecipheriv('aes-256-gcm', secretKey(opts.config), Buffer.from(iv, 'base64'));
    if (opts.context) decipher.setAAD(Buffer.from(opts.context, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64')), decipher.final()]).toString('utf8');
  } catch {
    throw new SecretBoxError('The secret could not be decrypted (the encryption key changed?)');
  }
}
