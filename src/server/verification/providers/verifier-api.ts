import { acceptedVerdict } from '../classify';
import { Semaphore } from '../limit';
import type { ProviderJob, ProviderVerdict, Step2Provider } from '../types';

/** The parts of Reacher's `POST /v0/check_email` answer we use (check-if-email-exists JSON output). */
interface ReacherOutput {
  is_reachable?: 'safe' | 'risky' | 'invalid' | 'unknown';
  misc?: { is_disposable?: boolean; is_role_account?: boolean };
  mx?: { accepts_mail?: boolean; records?: string[] };
  smtp?: {
    can_connect_smtp?: boolean;
    has_full_inbox?: boolean;
    is_catch_all?: boolean;
    is_deliverable?: boolean;
    is_disabled?: boolean;
  };
  error?: { type?: string; message?: string };
}

export interface VerifierApiOptions {
  /** Base URL, e.g. https://api.reacher.email (the path /v0/check_email is appended). */
  url: string;
  key?: string;
  concurrency?: number;
  heloName?: string;
  mailFrom?: string;
  timeoutMs?: number;
}

/** Maps Reacher's verdict onto our reason codes (same table as our own SMTP prober). */
export function mapReacher(out: ReacherOutput, role: boolean): Pick<ProviderVerdict, 'status' | 'reason'> {
  const smtp = out.smtp ?? {};
  if (out.misc?.is_disposable) return { status: 'risky', reason: 'disposable' };
  if (smtp.can_connect_smtp === false) return { status: 'risky', reason: 'unreachable' };
  if (smtp.is_catch_all) return { status: 'risky', reason: 'catch_all' };
  if (smtp.has_full_inbox) return { status: 'risky', reason: 'mailbox_full' };
  if (out.is_reachable === 'invalid' || smtp.is_disabled || smtp.is_deliverable === false) {
    return { status: 'invalid', reason: 'rejected' };
  }
  if (out.is_reachable === 'safe' || smtp.is_deliverable) return acceptedVerdict(false, role);
  return { status: 'risky', reason: 'temp_failure' };
}

/**
 * Step 2 through a third-party verifier (Reacher's API: `POST {url}/v0/check_email` with
 * `{ to_email, from_email, hello_name }` and the key in `Authorization`). Useful where outbound
 * port 25 is blocked. The API host is a configured service reached over HTTPS, not a mail host.
 */
export class VerifierApiProvider implements Step2Provider {
  readonly name = 'verifier-api';
  private readonly limit: Semaphore;
  private readonly controller = new AbortController();

  constructor(private readonly o: VerifierApiOptions) {
    this.limit = new Semaphore(o.concurrency ?? 8);
  }

  async verify(
    jobs: ProviderJob[],
    onVerdict: (job: ProviderJob, v: ProviderVerdict) => void,
  ): Promise<void> {
    await Promise.all(
      jobs.map((job) =>
        this.limit.run(async () => {
          onVerdict(job, await this.check(job));
        }),
      ),
    );
  }

  private async check(job: ProviderJob): Promise<ProviderVerdict> {
    const base = { mxHost: job.mx[0]?.exchange ?? null, smtpCode: null, attempts: 1 };
    try {
      const res = await fetch(new URL('/v0/check_email', this.o.url), {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(this.o.key ? { authorization: this.o.key } : {}),
        },
        body: JSON.stringify({
          to_email: job.address,
          ...(this.o.mailFrom ? { from_email: this.o.mailFrom } : {}),
          ...(this.o.heloName ? { hello_name: this.o.heloName } : {}),
        }),
        signal: AbortSignal.any([this.controller.signal, AbortSignal.timeout(this.o.timeoutMs ?? 60_000)]),
      });
      if (!res.ok) {
        return {
          ...base,
          status: 'risky',
          reason: 'temp_failure',
          smtpMessage: `verifier API: HTTP ${res.status}`,
        };
      }
      const out = (await res.json()) as ReacherOutput;
      return {
        ...base,
        ...mapReacher(out, job.role),
        smtpMessage: `verifier API: ${out.is_reachable ?? 'unknown'}`,
      };
    } catch (err) {
      return {
        ...base,
        status: 'risky',
        reason: 'temp_failure',
        smtpMessage: `verifier API: ${(err as Error).message}`,
      };
    }
  }

  async close(): Promise<void> {
    this.controller.abort();
  }
}
