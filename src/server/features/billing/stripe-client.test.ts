import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../platform/config';
import { createStripeClient, STRIPE_API_VERSION, stripeHostOptions } from './stripe-client';

describe('stripe client options', () => {
  it('splits STRIPE_API_URL into host, port and protocol', () => {
    expect(stripeHostOptions('http://127.0.0.1:12111')).toEqual({
      host: '127.0.0.1',
      port: '12111',
      protocol: 'http',
    });
    expect(stripeHostOptions('https://stripe-proxy.internal')).toEqual({
      host: 'stripe-proxy.internal',
      port: 443,
      protocol: 'https',
    });
    expect(stripeHostOptions(undefined)).toEqual({});
  });

  it('is absent without a secret key and pinned to one API version with it', () => {
    expect(createStripeClient(loadConfig({}))).toBeNull();
    const client = createStripeClient(loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x' }));
    expect(client).not.toBeNull();
    expect(STRIPE_API_VERSION).toBe('2026-10-28.endive');
    expect(client?.getApiField('version')).toBe(STRIPE_API_VERSION);
  });
});
