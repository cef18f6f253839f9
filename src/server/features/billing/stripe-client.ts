import Stripe from 'stripe';
import { PAYMENTS_NOT_CONFIGURED } from '../../../shared/billing';
import type { Config } from '../../platform/config';
import {
  type AppError,
  notConfigured as notConfiguredError,
  upstreamFailed,
} from '../../platform/http/errors';

/**
 * The pinned Stripe API version. Typed as the library's own literal so a library upgrade that moves the
 * version fails type-checking here instead of silently changing response shapes. Since 2025-03-31 the
 * client secret of a subscription's first payment is `latest_invoice.confirmation_secret`
 * (`invoice.payment_intent` is gone), and an invoice names its subscription under
 * `parent.subscription_details.subscription`.
 */
export const STRIPE_API_VERSION: Stripe.StripeConfig['apiVersion'] = '2026-10-28.endive';

export type StripeClient = Stripe;

/** Host, port and protocol for the Stripe constructor from STRIPE_API_URL (a loopback fake in tests). */
export function stripeHostOptions(apiUrl: string | undefined): Partial<Stripe.StripeConfig> {
  if (!apiUrl) return {};
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port || (protocol === 'http' ? 80 : 443), protocol };
}

/** A Stripe client, or null when no secret key is set (payments then answer a clear 503). */
export function createStripeClient(config: Config): StripeClient | null {
  if (!config.STRIPE_SECRET_KEY) return null;
  return new Stripe(config.STRIPE_SECRET_KEY, {
    apiVersion: STRIPE_API_VERSION,
    maxNetworkRetries: 1,
    timeout: 20_000,
    telemetry: false,
    ...stripeHostOptions(config.STRIPE_API_URL),
  });
}

export const notConfigured = () => notConfiguredError(PAYMENTS_NOT_CONFIGURED);

/** Stripe failures reach the user as one calm 502; the details go to the server log only. */
export function providerError(err: unknown, log?: { error: (obj: object, msg: string) => void }): AppError {
  log?.error({ err }, 'stripe call failed');
  return upstreamFailed('The payment provider could not be reached. Please try again.');
}
