import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './password';

describe('password hashing', () => {
  it('uses argon2id at OWASP parameters with a random salt', async () => {
    const a = await hashPassword('correct horse');
    const b = await hashPassword('correct horse');
    expect(a).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    expect(a).not.toBe(b);
  });

  it('hashes at the memory it is given, and verifies whatever the cost a hash was made at', async () => {
    const cheap = await hashPassword('correct horse', 1024);
    expect(cheap).toMatch(/^\$argon2id\$v=19\$m=1024,p=1,t=2\$/);
    expect(await verifyPassword(cheap, 'correct horse')).toBe(true);
    expect(await verifyPassword(cheap, 'wrong horse')).toBe(false);
  });

  it('verifies the right password only', async () => {
    const h = await hashPassword('correct horse');
    expect(await verifyPassword(h, 'correct horse')).toBe(true);
    expect(await verifyPassword(h, 'Correct horse')).toBe(false);
    expect(await verifyPassword('not a hash', 'x')).toBe(false);
  });
});
