import { createHash, randomBytes } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';

// RFC 6238 through otplib (SHA-1, 6 digits, 30-second steps: what every authenticator app speaks).
const PERIOD_S = 30;
const ISSUER = 'Verilead';

export const newTotpSecret = () => generateSecret();

export async function setupPayload(opts: { secret: string; account: string }) {
  const otpauthUri = generateURI({ issuer: ISSUER, label: opts.account, secret: opts.secret });
  const svg = await QRCode.toString(otpauthUri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return {
    secret: opts.secret,
    otpauthUri,
    qrDataUrl: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
  };
}

/**
 * The time step a code belongs to, when it is right for `now` give or take one step (clock drift between
 * phone and server), else null. The caller refuses steps not newer than the last one used (no replay).
 */
export async function matchingStep(opts: {
  secret: string;
  code: string;
  now: Date;
}): Promise<number | null> {
  const code = opts.code.replace(/\s+/g, '');
  if (!/^\d{6}$/.test(code)) return null;
  const epoch = Math.floor(opts.now.getTime() / 1000);
  const result = await verify({ secret: opts.secret, token: code, epoch, epochTolerance: PERIOD_S });
  if (!result.valid) return null;
  return Math.floor(epoch / PERIOD_S) + (result.delta ?? 0);
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
