import { VERIFIER_SIGNALS, type VerifierSignal } from '../../../../shared/reason-codes';
import { REASON_OF_VERIFIER_SIGNAL, verdictOf } from '../../../../shared/reasons';
import { realSleep } from '../../../platform/retry';
import { Semaphore } from '../limit';
import type { NetworkHealth, ProviderJob, ProviderVerdict, Step2Provider } from '../types';

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
  /** While the API is down or refusing us: how long before trying again (its Retry-After when longer). */
  retryMs?: number;
  sleep?: (ms: number) => Promise<void>;
}

/** The API failing is our side's problem (an outage, a rate limit, our key), never the address's. */
type Call = { verdict: ProviderVerdict } | { problem: string; retryAfterMs: number | null };

const SERVICE = 'The verification service (VERIFIER_API_URL)';
const RESUMES = 'verification will resume by itself';
const MAX_RETRY_AFTER_MS = 600_000;

function problemOf(status: number): string {
  if (status === 429) return `${SERVICE} is limiting our requests (HTTP 429); ${RESUMES}`;
  if (status === 401 || status === 403) {
    return `${SERVICE} refuses our key (HTTP ${status}): check VERIFIER_API_KEY; ${RESUMES} once it is accepted`;
  }
  return `${SERVICE} is failing (HTTP ${status}); ${RESUMES}`;
}

const deliverable = (out: ReacherOutput) => out.is_reachable === 'safe' || !!out.smtp?.is_deliverable;

/** When each signal holds in Reacher's answer; which reason it means is that reason's row (shared/reasons.ts). */
const SIGNALS: Record<VerifierSignal, (out: ReacherOutput, role: boolean) => boolean> = {
  disposable: (out) => !!out.misc?.is_disposable,
  no_connection: (out) => out.smtp?.can_connect_smtp === false,
  catch_all: (out) => !!out.smtp?.is_catch_all,
  full_inbox: (out) => !!out.smtp?.has_full_inbox,
  undeliverable: (out) =>
    out.is_reachable === 'invalid' || !!out.smtp?.is_disabled || out.smtp?.is_deliverable === false,
  deliverable_role: (out, role) => role && deliverable(out),
  deliverable: deliverable,
  unknown: () => true,
};

/** Maps Reacher's verdict onto our reason codes: the first signal that holds, most telling first. */
export function mapReacher(out: ReacherOutput, role: boolean): Pick<ProviderVerdict, 'status' | 'reason'> {
  const signal = VERIFIER_SIGNALS.find((s) => SIGNALS[s](out, role)) ?? 'unknown';
  return verdictOf(REASON_OF_VERIFIER_SIGNAL[signal]);
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
  private state: NetworkHealth = {
    ok: true,
    message: null,
    since: Date.now(),
    kind: 'verifier',
    nextTryAt: null,
  };
  /** While the API is down: every address waits for this before asking again. */
  private gate: Promise<void> | null = null;
  private closed = false;

  constructor(private readonly o: VerifierApiOptions) {
    this.limit = new Semaphore(o.concurrency ?? 8);
  }

  health(): NetworkHealth {
    return this.state;
  }

  async verify(
    jobs: ProviderJob[],
    onVerdict: (job: ProviderJob, v: ProviderVerdict) => void,
  ): Promise<void> {
    await Promise.all(
      jobs.map(async (job) => {
        const v = await this.check(job);
        if (v) onVerdict(job, v);
      }),
    );
  }

  /** The API's verdict; while it fails (outage, 429, 5xx, our key refused) the address waits. */
  private async check(job: ProviderJob): Promise<ProviderVerdict | null> {
    for (;;) {
      if (this.gate) await this.gate;
      if (this.closed) return null;
      const r = await this.limit.run(() => this.call(job));
      if ('verdict' in r) {
        if (!this.state.ok) this.state = { ok: true, message: null, since: Date.now(), kind: 'verifier' };
        return r.verdict;
      }
      if (this.closed) return null;
      this.down(r.problem, r.retryAfterMs);
    }
  }

  private down(message: string, retryAfterMs: number | null): void {
    if (this.gate) return;
    const wait = Math.min(Math.max(retryAfterMs ?? 0, this.o.retryMs ?? 30_000), MAX_RETRY_AFTER_MS);
    const since = this.state.ok ? Date.now() : this.state.since;
    this.state = { ok: false, message, since, kind: 'verifier', nextTryAt: Date.now() + wait };
    const sleep = this.o.sleep ?? realSleep;
    this.gate = Promise.race([
      sleep(wait),
      new Promise<void>((r) => this.controller.signal.addEventListener('abort', () => r())),
    ]).then(() => {
      this.gate = null;
    });
  }

  private async call(job: ProviderJob): Promise<Call> {
    const base = {
      mxHost: job.mx[0]?.exchange ?? null,
      smtpCode: null,
      attempts: 1,
      method: 'verifier' as const,
    };
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
      if (res.status === 429 || res.status === 401 || res.status === 403 || res.status >= 500) {
        await res.body?.cancel();
        const after = Number(res.headers.get('retry-after'));
        return { problem: problemOf(res.status), retryAfterMs: after > 0 ? after * 1000 : null };
      }
      if (!res.ok) {
        // A refusal of this one request (e.g. 400 on an address it cannot parse): about the address.
        await res.body?.cancel();
        const smtpMessage = `verifier API: HTTP ${res.status}`;
        return { verdict: { ...base, ...verdictOf('temp_failure'), smtpMessage } };
      }
      const out = (await res.json()) as ReacherOutput;
      return {
        verdict: {
          ...base,
          ...mapReacher(out, job.role),
          smtpMessage: `verifier API: ${out.is_reachable ?? 'unknown'}`,
        },
      };
    } catch (err) {
      const why = (err as Error).name === 'TimeoutError' ? 'no answer in time' : (err as Error).message;
      return { problem: `${SERVICE} cannot be reached (${why}); ${RESUMES}`, retryAfterMs: null };
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    this.controller.abort();
  }
}
