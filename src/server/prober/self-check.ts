import type { Config } from '../config';
import { checkReachability, type EngineLogger, verifierOptionsFromEnv } from '../verification';

/**
 * At boot, in processes that verify: can we reach mail servers on SMTP_PORT at all? Logged either
 * way (it never blocks the boot). Skipped in tests, with a verifier API (no SMTP of ours), or when
 * SMTP_SELF_CHECK_DOMAINS is empty.
 */
export async function selfCheck(config: Config, log: EngineLogger): Promise<void> {
  const domains = (config.SMTP_SELF_CHECK_DOMAINS ?? '')
    .split(/[\s,]+/)
    .map((d) => d.trim())
    .filter(Boolean);
  if (config.NODE_ENV === 'test' || config.VERIFIER_API_URL || domains.length === 0) return;
  try {
    const report = await checkReachability(verifierOptionsFromEnv(config), domains);
    if (report.ok) log.info({ tried: report.tried }, 'SMTP self-check: mail servers are reachable');
    else log.error({ tried: report.tried }, `SMTP self-check failed: ${report.message}`);
  } catch (err) {
    log.warn({ err }, 'SMTP self-check could not run');
  }
}
