import argon2 from 'argon2';
import { PASSWORD_HASH_MEMORY_KIB } from './env';

const options = (memoryKib: number) =>
  ({ type: argon2.argon2id, memoryCost: memoryKib, timeCost: 2, parallelism: 1 }) as const;

/**
 * A new hash of the password: memory-hard, ~30 ms here. `memoryKib` is PASSWORD_HASH_MEMORY_KIB from
 * the config, which refuses less than OWASP's setting outside tests. Verifying reads the cost from
 * the hash, so hashes made at any setting keep working.
 */
export function hashPassword(password: string, memoryKib = PASSWORD_HASH_MEMORY_KIB): Promise<string> {
  return argon2.hash(password, options(memoryKib));
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

// Verified against when the username is unknown, so both paths cost the same time (one per cost).
const dummyHashes = new Map<number, Promise<string>>();
export async function burnPasswordCheck(
  password: string,
  memoryKib = PASSWORD_HASH_MEMORY_KIB,
): Promise<void> {
  let dummy = dummyHashes.get(memoryKib);
  if (!dummy) {
    dummy = hashPassword('not-a-real-password', memoryKib);
    dummyHashes.set(memoryKib, dummy);
  }
  await verifyPassword(await dummy, password);
}
