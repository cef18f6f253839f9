import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { decryptSecret, encryptSecret, KEY_FILE_NAME, parseEncryptionKey } from './secret-box';

describe('secret box', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'secret-box-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('without ENCRYPTION_KEY generates a 0600 key file once and reuses it', () => {
    const config = { ENCRYPTION_KEY: undefined, dataDir: path.join(dir, 'data') };
    const sealed = encryptSecret({ config, plaintext: 'sk-secret', context: 'u1' });
    const file = path.join(config.dataDir, KEY_FILE_NAME);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const keyText = readFileSync(file, 'utf8');
    expect(sealed).not.toContain('sk-secret');
    expect(decryptSecret({ config, ciphertext: sealed, context: 'u1' })).toBe('sk-secret');
    encryptSecret({ config, plaintext: 'again' });
    expect(readFileSync(file, 'utf8')).toBe(keyText);
  });

  it('uses ENCRYPTION_KEY (hex or base64); the wrong key or context does not open', () => {
    const hex = 'ab'.repeat(32);
    const b64 = Buffer.alloc(32, 7).toString('base64');
    const a = { ENCRYPTION_KEY: hex, dataDir: dir };
    const b = { ENCRYPTION_KEY: b64, dataDir: dir };
    const sealed = encryptSecret({ config: a, plaintext: 'key-123', context: 'user-a' });
    expect(decryptSecret({ config: a, ciphertext: sealed, context: 'user-a' })).toBe('key-123');
    expect(() => decryptSecret({ config: b, ciphertext: sealed, context: 'user-a' })).toThrow();
    expect(() => decryptSecret({ config: a, ciphertext: sealed, context: 'user-b' })).toThrow();
    // Each seal uses a fresh IV.
    expect(encryptSecret({ config: a, plaintext: 'key-123' })).not.toBe(
      encryptSecret({ config: a, plaintext: 'key-123' }),
    );
  });

  it('rejects an ENCRYPTION_KEY that is not 32 bytes', () => {
    expect(() => parseEncryptionKey('short')).toThrow(/32 bytes/);
    expect(() => parseEncryptionKey(Buffer.alloc(16).toString('base64'))).toThrow(/32 bytes/);
    expect(parseEncryptionKey('00'.repeat(32))).toHaveLength(32);
  });
});
