import { z } from 'zod';
import { envBool, envInt, envString } from '../../platform/config/env-helpers';
import { ProxyListError, parseProxyList } from './proxy-list';

// Environment of the verification engine, shared by the server, the workers and the CLI
// (VERIFICATION.md: "the same environment as the server").
export const verificationEnv = {
  DNS_SERVERS: envString(),
  DNS_TIMEOUT_MS: envInt(5000, 50),
  DNS_TRIES: envInt(2, 1, 10),
  DNS_CONCURRENCY: envInt(64, 1, 1024),
  /** Names that must resolve: a resolver denying them is lying or down (empty: no check). */
  DNS_CANARY_DOMAINS: z.string().default('gmail.com,outlook.com,yahoo.com'),
  /** While the resolver fails its canaries: how often to ask again (rows stay pending meanwhile). */
  DNS_RETRY_S: envInt(30, 1),
  /** Longest time a "no such domain / no such record" answer is kept (the zone's SOA says less). */
  DNS_NEGATIVE_TTL_MAX_S: envInt(300, 0),
  SMTP_PORT: envInt(25, 1, 65535),
  SMTP_HELO_NAME: envString(),
  SMTP_MAIL_FROM: envString(),
  SMTP_TIMEOUT_MS: envInt(10_000, 100),
  SMTP_MAX_CONNECTIONS_PER_HOST: envInt(2, 1),
  SMTP_MAX_CONNECTIONS: envInt(50, 1),
  SMTP_MAX_RCPT_PER_SESSION: envInt(50, 1, 1000),
  SMTP_BACKOFF_S: envInt(60, 0),
  GREYLIST_RETRY_S: envInt(300, 0),
  GREYLIST_MAX_ATTEMPTS: envInt(3, 1),
  /** SOCKS5 proxies, each optionally given to a mail provider (proxy-list.ts); checked here, at boot. */
  SMTP_PROXY: envString().superRefine((value, ctx) => {
    try {
      parseProxyList(value);
    } catch (err) {
      if (!(err instanceof ProxyListError)) throw err;
      ctx.addIssue({ code: 'custom', message: err.message });
    }
  }),
  /** Allow mail servers on loopback/private addresses (tests, on-premise); off: such hosts are never contacted. */
  SMTP_ALLOW_PRIVATE: envBool(false),
  SMTP_RETRY_BASE_MS: envInt(1000, 0),
  SMTP_RETRY_BUDGET: envInt(6, 1, 50),
  SMTP_NETWORK_RETRY_S: envInt(30, 1),
  DISPOSABLE_OVERRIDE_FILE: envString(),
  VERIFIER_API_URL: envString(),
  VERIFIER_API_KEY: envString(),
};

export const verificationEnvSchema = z.object(verificationEnv);
export type VerificationEnv = z.infer<typeof verificationEnvSchema>;
