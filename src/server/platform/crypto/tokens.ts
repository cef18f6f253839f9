import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe. Used for session ids, CSRF tokens and API tokens. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}
