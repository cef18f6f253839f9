import { createPublicKey } from 'node:crypto';

// A DKIM key record's tags (RFC 6376 §3.6.1) and the key it publishes, judged by its strength.

export interface DkimKey {
  /** rsa or ed25519 (`k=`, rsa when absent). */
  type: string;
  /** RSA modulus bits; 256 for ed25519; null when the key does not parse. */
  bits: number | null;
  /** `t=y`: the domain is testing DKIM, receivers may treat failures as unsigned. */
  testing: boolean;
  revoked: boolean;
}

export function dkimTags(record: string): Map<string, string> {
  const tags = new Map<string, string>();
  for (const part of record.split(';')) {
    const i = part.indexOf('=');
    if (i > 0) tags.set(part.slice(0, i).trim().toLowerCase(), part.slice(i + 1).replace(/\s+/g, ''));
  }
  return tags;
}

function rsaBits(p: string): number | null {
  const der = Buffer.from(p, 'base64');
  for (const type of ['spki', 'pkcs1'] as const) {
    try {
      return createPublicKey({ key: der, format: 'der', type }).asymmetricKeyDetails?.modulusLength ?? null;
    } catch {
      // try the other encoding
    }
  }
  return null;
}

export function readDkimKey(record: string): DkimKey {
  const tags = dkimTags(record);
  const type = (tags.get('k') || 'rsa').toLowerCase();
  const p = tags.get('p') ?? '';
  const testing = (tags.get('t') ?? '').split(':').includes('y');
  if (!p) return { type, bits: null, testing, revoked: true };
  if (type === 'ed25519') {
    return { type, bits: Buffer.from(p, 'base64').length === 32 ? 256 : null, testing, revoked: false };
  }
  return { type, bits: type === 'rsa' ? rsaBits(p) : null, testing, revoked: false };
}
