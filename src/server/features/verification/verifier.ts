import { realSleep } from '../../platform/retry';
import { BlocklistHoldingProvider } from './blocklist-provider';
import { DisposableDomains } from './disposable';
import { DnsClient } from './dns';
import { DEFAULT_SMTP } from './options';
import { VerifierApiProvider } from './providers/verifier-api';
import { DEFAULT_CANARIES, ResolverHealth } from './resolver-health';
import { SmtpProvider } from './smtp/provider';
import { Step1Checker } from './step1';
import { runStep2 } from './step2';
import type { EngineLogger, SmtpSettings, Step2Provider, Verifier, VerifierOptions } from './types';

/**
 * Without a logger: warnings and errors go to stderr (the CLI shows them), info is dropped. Our side
 * failing (`ourSide` in the log object) is left to the caller, which reports it in its own words.
 */
const stderrLogger: EngineLogger = {
  info() {},
  warn: (_obj, msg) => process.stderr.write(`verification: ${msg ?? 'warning'}\n`),
  error: (obj, msg) =>
    !('ourSide' in obj) &&
    process.stderr.write(
      `verification: ${msg ?? 'error'}${'err' in obj ? `: ${(obj as { err: Error }).err?.message}` : ''}\n`,
    ),
};

function withoutUndefined<T extends object>(o: T | undefined): Partial<T> {
  return Object.fromEntries(Object.entries(o ?? {}).filter(([, v]) => v !== undefined)) as Partial<T>;
}

export interface VerifierInternals extends Verifier {
  readonly dns: DnsClient;
  readonly provider: Step2Provider;
  readonly settings: SmtpSettings;
}

/**
 * A verifier (the server keeps one per process, the CLI one per invocation): its DNS answers,
 * catch-all answers and politeness state are shared by every call until close(), in memory for
 * `memoryTtlMs`, and across processes through `knowledge` and `coordinator` when given.
 */
export function createVerifier(options: VerifierOptions = {}): VerifierInternals {
  const memoryTtlMs = options.memoryTtlMs ?? 600_000;
  const logger = options.logger ?? stderrLogger;
  const dns = new DnsClient({
    servers: options.dnsServers,
    timeoutMs: options.dnsTimeoutMs,
    tries: options.dnsTries,
    concurrency: options.dnsConcurrency,
    ttlMs: memoryTtlMs,
    negativeTtlMaxMs: options.dnsNegativeTtlMaxMs,
    observer: options.observer,
  });
  const sleep = options.sleep ?? realSleep;
  const resolver = new ResolverHealth(dns, {
    canaries: options.dnsCanaries ?? DEFAULT_CANARIES,
    retryMs: options.dnsRetryMs ?? 30_000,
    sleep,
    onChange: (h) =>
      h.ok
        ? logger.info({ ourSide: 'dns' }, 'the DNS resolver answers truly again; verification resumes')
        : logger.error({ ourSide: 'dns' }, h.message ?? 'the DNS resolver fails its canaries'),
  });
  const step1 = new Step1Checker(
    dns,
    new DisposableDomains({ overrideFile: options.disposableOverrideFile }),
    { ttlMs: memoryTtlMs, knowledge: options.knowledge, health: resolver },
  );
  const settings: SmtpSettings = { ...DEFAULT_SMTP, ...withoutUndefined(options.smtp) };
  const provider: Step2Provider =
    options.provider ??
    (options.verifierApi
      ? new VerifierApiProvider({
          ...options.verifierApi,
          heloName: settings.heloName,
          mailFrom: settings.mailFrom,
          retryMs: settings.networkRetryMs,
          sleep,
        })
      : new BlocklistHoldingProvider(
          new SmtpProvider(settings, dns, {
            logger,
            observer: options.observer,
            coordinator: options.coordinator,
            knowledge: options.knowledge,
            budget: options.budget,
            memoryTtlMs,
            resolver,
          }),
          {
            retryMs: settings.networkRetryMs,
            graceMs: options.blocklistGraceMs,
            onChange: (h) =>
              h.ok
                ? logger.info(
                    { ourSide: 'smtp' },
                    'mail servers no longer name a blocklist; verification resumes',
                  )
                : logger.error({ ourSide: 'smtp' }, h.message ?? 'our address is on a blocklist'),
          },
        ));
  return {
    dns,
    provider,
    settings,
    checkStep1: (emails) => step1.check(emails),
    checkStep2: (items, o) => runStep2(step1, provider, items, o),
    health: () => {
      if (!resolver.health.ok) return resolver.health;
      return provider.health?.() ?? { ok: true, message: null, since: 0 };
    },
    checkResolver: (maxAgeMs) => resolver.check(maxAgeMs),
    waiting: (tenant) => provider.waiting?.(tenant) ?? [],
    settle: async () => options.knowledge?.flush?.(),
    async close() {
      resolver.close();
      await provider.close();
      dns.close();
    },
  };
}
