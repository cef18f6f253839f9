import type { VerificationEnv } from './env';
import type { SmtpSettings, VerifierOptions } from './types';

export const DEFAULT_SMTP: SmtpSettings = {
  port: 25,
  heloName: 'localhost',
  mailFrom: '',
  timeoutMs: 10_000,
  maxConnectionsPerHost: 2,
  maxConnections: 50,
  maxRcptPerSession: 50,
  rcptPerTransaction: 25,
  greylistRetryS: 300,
  greylistMaxAttempts: 3,
  backoffMs: 60_000,
  allowPrivate: false,
  retryBaseMs: 1000,
  retryBudget: 6,
  networkRetryMs: 30_000,
};

/** DNS_SERVERS="1.1.1.1, 127.0.0.1:5353" → ["1.1.1.1", "127.0.0.1:5353"] (any comma or space list). */
export function parseDnsServers(value: string | undefined): string[] {
  return (value ?? '')
    .split(/[\s,]+/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** The engine's options from the parsed environment (same variables for server, workers and CLI). */
export function verifierOptionsFromEnv(env: VerificationEnv): VerifierOptions {
  return {
    dnsServers: parseDnsServers(env.DNS_SERVERS),
    dnsTimeoutMs: env.DNS_TIMEOUT_MS,
    dnsTries: env.DNS_TRIES,
    dnsConcurrency: env.DNS_CONCURRENCY,
    dnsCanaries: parseDnsServers(env.DNS_CANARY_DOMAINS),
    dnsRetryMs: env.DNS_RETRY_S * 1000,
    dnsNegativeTtlMaxMs: env.DNS_NEGATIVE_TTL_MAX_S * 1000,
    disposableOverrideFile: env.DISPOSABLE_OVERRIDE_FILE,
    smtp: {
      port: env.SMTP_PORT,
      heloName: env.SMTP_HELO_NAME,
      mailFrom: env.SMTP_MAIL_FROM,
      timeoutMs: env.SMTP_TIMEOUT_MS,
      maxConnectionsPerHost: env.SMTP_MAX_CONNECTIONS_PER_HOST,
      maxConnections: env.SMTP_MAX_CONNECTIONS,
      maxRcptPerSession: env.SMTP_MAX_RCPT_PER_SESSION,
      greylistRetryS: env.GREYLIST_RETRY_S,
      greylistMaxAttempts: env.GREYLIST_MAX_ATTEMPTS,
      backoffMs: env.SMTP_BACKOFF_S * 1000,
      proxy: env.SMTP_PROXY,
      allowPrivate: env.SMTP_ALLOW_PRIVATE,
      retryBaseMs: env.SMTP_RETRY_BASE_MS,
      retryBudget: env.SMTP_RETRY_BUDGET,
      networkRetryMs: env.SMTP_NETWORK_RETRY_S * 1000,
    },
    verifierApi: env.VERIFIER_API_URL ? { url: env.VERIFIER_API_URL, key: env.VERIFIER_API_KEY } : undefined,
  };
}
