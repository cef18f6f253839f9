import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../platform/config';
import { LISTS_DEFAULTS } from './env';

describe('lists settings in the main config', () => {
  it('have defaults that suit npm start', () => {
    const c = loadConfig({});
    expect(c.LISTS_BATCH_SIZE).toBe(2000);
    expect(c.LISTS_LANES).toBe(4);
    expect(c.LISTS_WORKER_CONCURRENCY).toBe(16);
    expect(c.LISTS_LEASE_S).toBe(30);
    expect(c.LISTS_RETENTION_DAYS).toBe(30);
    expect(LISTS_DEFAULTS).toEqual({
      LISTS_BATCH_SIZE: 2000,
      LISTS_LANES: 4,
      LISTS_WORKER_CONCURRENCY: 16,
      LISTS_LEASE_S: 30,
      LISTS_RETENTION_DAYS: 30,
    });
  });

  it('are read from the environment and checked with the rest of the config', () => {
    const c = loadConfig({ LISTS_BATCH_SIZE: '500', LISTS_LANES: '', LISTS_RETENTION_DAYS: '7' });
    expect(c.LISTS_BATCH_SIZE).toBe(500);
    expect(c.LISTS_LANES).toBe(4);
    expect(c.LISTS_RETENTION_DAYS).toBe(7);
    expect(() => loadConfig({ LISTS_LANES: '0', LISTS_LEASE_S: 'soon' })).toThrow(ConfigError);
    try {
      loadConfig({ LISTS_LANES: '0', LISTS_LEASE_S: 'soon' });
    } catch (err) {
      expect((err as ConfigError).problems.map((p) => p.split(':')[0]).sort()).toEqual([
        'LISTS_LANES',
        'LISTS_LEASE_S',
      ]);
    }
  });
});
