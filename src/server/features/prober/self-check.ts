import type { Config } from '../../platform/config';
import { checkReachability, type EngineLogger, verifierOptionsFromEnv } from '../verification';

type Report = Awaited<ReturnType<typeof checkReachability>>;

/**
 * What the boot log says of a reachability report: reachable only when a mail server answered; when no
 * mail server could even be looked up (our resolver), that it could not tell, not that all is well.
 */
export function selfCheckLine(report: Report): { level: 'info' | 'warn' | 'error'; msg: string } {
  if (!report.tried.some((t) => t.ip !== null)) {
    return {
      level: 'warn',
      msg: 'SMTP self-check could not run: no mail server of these domains could be looked up (is our DNS resolver answering?)',
    };
  }
  if (report.ok) return { level: 'info', msg: 'SMTP self-check: mail servers are reachable' };
  return { level: 'error', msg: `SMTP self-check failed: ${report.message}` };
}

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
    const line = selfCheckLine(report);
    log[line.level]({ tried: report.tried }, line.msg);
  } catch (err) {
    log.warn({ err }, 'SMTP self-check could not run');
  }
}
