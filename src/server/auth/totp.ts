import { createHash, createHmac, randomBytes } from 'node:crypto';

// TOTP (RFC 6238 over RFC 4226's HOTP): HMAC-SHA1, 6 digits, 30-second steps, what every authenticator app
// speaks. Written over node:crypto and checked against the RFC's test vectors (totp.test.ts).
const PERIOD_S = 30;
const DIGITS = 6;
const ISSUER = 'Verilead';
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32Encode(bytes: Buffer): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const b of bytes) {
    value = (value << 8) | b;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

export function base32Decode(text: string): Buffer {
  const clean = text.toUpperCase().replace(/[\s=]/g, '');
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const ch of clean) {
    const i = BASE32.indexOf(ch);
    if (i < 0) throw new Error('not base32');
    value = (value << 5) | i;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** RFC 4226 §5.3: the code of one counter value. */
export function hotp(key: Buffer, counter: number, digits = DIGITS): string {
  const msg = Buffer.alloc(8);
  msg.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac('sha1', key).update(msg).digest();
  const offset = mac[mac.length - 1] & 0x0f;
  const bin = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(bin % 10 ** digits).padStart(digits, '0');
}

/** The code an app shows at `epochSeconds` for a base32 secret. */
export const totpCode = (secret: string, epochSeconds: number) =>
  hotp(base32Decode(secret), Math.floor(epochSeconds / PERIOD_S));

/** 160 random bits (RFC 4226's recommended length), base32 as apps expect. */
export const newTotpSecret = () => base32Encode(randomBytes(20));

export function setupPayload(opts: { secret: string; account: string }) {
  const label = encodeURIComponent(`${ISSUER}:${opts.account}`);
  const otpauthUri = `otpauth://totp/${label}?secret=${opts.secret}&issuer=${ISSUER}&algorithm=SHA1&digits=${DIGITS}&period=${PERIOD_S}`;
  return { secret: opts.secret, otpauthUri };
}

const sameCode = (a: string, b: string) => {
  const x = createHash('sha256').update(a).digest();
  const y = createHash('sha256').update(b).digest();
  return x.equals(y);
};

/**
 * The time step a code belongs to, when it is right for `now` give or take one step (clock drift between
 * phone and server), else null. The caller refuses steps not newer than the last one used (no replay).
 */
export function matchingStep(opts: { secret: string; code: string; now: Date }): number | null {
  const code = opts.code.replace(/\s+/g, '');
  if (!/^\d{6}$/.test(code)) return null;
  const key = base32Decode(opts.secret);
  const step = Math.floor(opts.now.getTime() / 1000 / PERIOD_S);
  for (const s of [step - 1, step, step + 1]) if (sameCode(hotp(key, s), code)) return s;
  return null;
}

// Recovery codes: 80 random bits as four groups of four base32 letters; stored as SHA-256 (the entropy
// makes a slow hash unnecessary, and each is single use).
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';

export function newRecoveryCodes(count = 10): string[] {
  return Array.from({ length: count }, () => {
    const bytes = randomBytes(16);
    const chars = Array.from(bytes, (b) => ALPHABET[b % 32]).join('');
    return chars.match(/.{4}/g)?.join('-') ?? chars;
  });
}

/** The stored form of a recovery code, whatever case and dashes it was typed with. */
export const recoveryHash = (code: string) =>
  createHash('sha256')
    .update(code.toLowerCase().replace(/[^a-z2-7]/g, ''))
    .digest('hex');
