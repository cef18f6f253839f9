import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './index';

describe('configuration', () => {
  it('works with nothing set: port 5000, embedded database in ./data', () => {
    const c = loadConfig({});
    expect(c.PORT).toBe(5000);
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.dataDir).toMatch(/data$/);
    expect(c.SMTP_MAX_CONNECTIONS_PER_HOST).toBe(2);
    expect(c.GREYLIST_RETRY_S).toBe(300);
    expect(c.SMTP_SELF_CHECK_DOMAINS).toBe('gmail.com,outlook.com,yahoo.com');
    expect(loadConfig({ SMTP_SELF_CHECK_DOMAINS: '' }).SMTP_SELF_CHECK_DOMAINS).toBe('');
  });

  it('treats empty strings as unset and coerces numbers and booleans', () => {
    const c = loadConfig({ PORT: '', SESSION_TTL_HOURS: '12', SERVE_WEB: 'false', APIFY_TOKEN: '' });
    expect(c.PORT).toBe(5000);
    expect(c.SESSION_TTL_HOURS).toBe(12);
    expect(c.SERVE_WEB).toBe(false);
    expect(c.APIFY_TOKEN).toBeUndefined();
  });

  it('stops with a readable list of every bad value, hiding secrets', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'not a url with secret', NODE_ENV: 'staging' });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const text = (error as Error).message;
    expect(text).toMatch(/^Invalid configuration:/);
    expect(text).toContain('PORT');
    // Which variable and what is wrong, never the value's text, whatever the variable's name.
    expect(text).not.toContain('eighty');
    expect(text).not.toContain('staging');
    expect(text).toContain('NODE_ENV');
    expect(text).toContain('DATABASE_URL');
    expect(text).not.toContain('secret');
    expect((error as ConfigError).problems).toHaveLength(3);
  });

  it.each([
    ['SMTP_RELAY_URL', 'smtp://mailer:s3c#r3t@relay.example.com:587'],
    ['SMTP_RELAY_URL', 'smtp://mailer:s3c r3t@relay.example.com:587'],
    ['SMTP_RELAY_URL', 'smtp://mailer:s3c/r3t@relay.example.com:587'],
    ['DATABASE_URL', 'postgres://app:s3c r3t@db host/app'],
    ['EMBEDDED_DB_SHARED_BUFFERS', 's3cr3t'],
    ['LOG_LEVEL', 's3cr3t'],
    ['PORT', 's3cr3t'],
    ['API_RATE_LIMIT_PER_MINUTE', 's3cr3t'],
  ])('%s = %j: refused naming the variable, never echoing any of the value', (key, value) => {
    let error: unknown;
    try {
      loadConfig({ [key]: value });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const text = (error as Error).message;
    expect(text).toContain(key);
    expect(text).not.toMatch(/s3c|r3t|mailer|relay\.example|db host/);
  });

  it("refuses a password hash cheaper than OWASP's setting, except in tests", () => {
    expect(loadConfig({}).PASSWORD_HASH_MEMORY_KIB).toBe(19_456);
    expect(() => loadConfig({ PASSWORD_HASH_MEMORY_KIB: '1024' })).toThrow(
      /PASSWORD_HASH_MEMORY_KIB: must be at least 19456 outside tests/,
    );
    expect(loadConfig({ NODE_ENV: 'test', PASSWORD_HASH_MEMORY_KIB: '1024' }).PASSWORD_HASH_MEMORY_KIB).toBe(
      1024,
    );
  });

  it("reads every setting through the schema, also the embedded database's shared buffers", () => {
    expect(loadConfig({}).EMBEDDED_DB_SHARED_BUFFERS).toBe('32MB');
    expect(loadConfig({ EMBEDDED_DB_SHARED_BUFFERS: '64MB' }).EMBEDDED_DB_SHARED_BUFFERS).toBe('64MB');
    expect(() => loadConfig({ EMBEDDED_DB_SHARED_BUFFERS: 'lots' })).toThrow(/EMBEDDED_DB_SHARED_BUFFERS/);
    const c = loadConfig({ SMARTLEAD_API_URL: '', APIFY_SEARCH_ACTOR: '', OPENAI_MODEL: 'm' });
    expect(c.SMARTLEAD_API_URL).toBe('https://server.smartlead.ai/api/v1');
    expect(c.APIFY_SEARCH_ACTOR).toBe('apify/instagram-search-scraper');
    expect(c.OPENAI_MODEL).toBe('m');
  });
});
