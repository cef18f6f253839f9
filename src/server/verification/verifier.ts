import { DisposableDomains } from './disposable';
import { DnsClient } from './dns';
import { DEFAULT_SMTP } from './options';
import { VerifierApiProvider } from './providers/verifier-api';
import { SmtpProvider } from './smtp/prober';
import { Step1Checker } from './step1';
import { runStep2 } from './step2';
import type { SmtpSettings, Step2Provider, Verifier, VerifierOptions } from './types';

function withoutUndefined<T extends object>(o: T | undefined): Partial<T> {
  return Object.fromEntries(Object.entries(o ?? {}).filter(([, v]) => v !== undefined)) as Partial<T>;
}

export interface VerifierInternals extends Verifier {
  readonly dns: DnsClient;
  readonly provider: Step2Provider;
  readonly settings: SmtpSettings;
}

/**
 * One verifier per run (an upload, a CLI invocation): its DNS answers, catch-all answers and
 * politeness state are shared by every call until close().
 */
export function createVerifier(options: VerifierOptions = {}): VerifierInternals {
  const dns = new DnsClient({
    servers: options.dnsServers,
    timeoutMs: options.dnsTimeoutMs,
    tries: options.dnsTries,
    concurrency: options.dnsConcurrency,
  });
  const step1 = new Step1Checker(
    dns,
    new DisposableDomains({ overrideFile: options.disposableOverrideFile }),
  );
  const settings: SmtpSettings = { ...DEFAULT_SMTP, ...withoutUndefined(options.smtp) };
  const provider =
    options.provider ??
    (options.verifierApi
      ? new VerifierApiProvider({
          ...options.verifierApi,
          heloName: settings.heloName,
          mailFrom: settings.mailFrom,
        })
      : new SmtpProvider(settings, dns));
  return {
    dns,
    provider,
    settings,
    checkStep1: (emails) => step1.check(emails),
    checkStep2: (items, o) => runStep2(step1, provider, items, o),
    async close() {
      await provider.close();
      dns.close();
    },
  };
}
