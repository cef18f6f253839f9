import type { WaitingGroup } from '../../../shared/list-runs';
import { verdictOf } from '../../../shared/reasons';
import { BlocklistWatch } from './blocklist-watch';
import type {
  NetworkHealth,
  ProviderCallOptions,
  ProviderJob,
  ProviderVerdict,
  Step2Provider,
} from './types';

/** How long a refusal naming a blocklist counts towards "our address is listed". */
export const BLOCKLIST_WINDOW_MS = 10 * 60_000;
/**
 * How long a refusal naming a blocklist waits before it is judged the server's policy: long enough for
 * the next unrelated servers of the run to say the same, which would make it our listed address.
 */
export const BLOCKLIST_GRACE_MS = 30_000;

const NOT_VERIFIED: ProviderVerdict = {
  ...verdictOf('temp_failure'),
  mxHost: null,
  smtpCode: null,
  smtpMessage: null,
  attempts: 0,
};

/**
 * Our SMTP provider with the blocklist watch in front of its verdicts: a refusal naming a blocklist,
 * once several unrelated servers say so, is held instead of reported, and its address is verified
 * again every `retryMs` until servers stop naming a list (the provider itself is left as it is).
 */
export class BlocklistHoldingProvider implements Step2Provider {
  readonly name: string;
  readonly watch: BlocklistWatch;
  private closed = false;
  private readonly graceMs: number;
  /** Refusals naming a list, waiting out their grace: flushed unjudged on close. */
  private readonly doubtful = new Set<() => void>();

  constructor(
    private readonly inner: Step2Provider,
    o: { retryMs: number; windowMs?: number; graceMs?: number; onChange?: (h: NetworkHealth) => void },
  ) {
    this.name = inner.name;
    this.graceMs = o.graceMs ?? BLOCKLIST_GRACE_MS;
    this.watch = new BlocklistWatch({
      windowMs: o.windowMs ?? BLOCKLIST_WINDOW_MS,
      retryMs: o.retryMs,
      onChange: o.onChange,
    });
  }

  verify(
    jobs: ProviderJob[],
    onVerdict: (job: ProviderJob, v: ProviderVerdict) => void,
    options?: ProviderCallOptions<ProviderJob>,
  ): Promise<void> {
    if (!jobs.length) return this.inner.verify(jobs, onVerdict, options);
    // Settles as the provider's own call does: once every run (the first, and each held address's
    // retry) has settled and no held address waits for its retry.
    return new Promise((resolve, reject) => {
      let running = 0;
      let waiting = 0;
      const settle = () => {
        if (running === 0 && waiting === 0) resolve();
      };
      const run = (batch: ProviderJob[]): void => {
        // Held until the provider closed: not verified, as the provider answers what it still holds.
        if (this.closed) {
          for (const job of batch) onVerdict(job, NOT_VERIFIED);
          settle();
          return;
        }
        running++;
        this.inner
          .verify(
            batch,
            (job, v) => {
              const held = this.watch.hold(v, () => {
                waiting--;
                run([job]);
              });
              if (held) waiting++;
              else if (this.watch.namesList(v)) {
                // The first servers naming a list are not judged at once: if the next ones say the
                // same, it is our address that is listed, and the row is asked again later instead.
                waiting++;
                const decide = () => {
                  clearTimeout(timer);
                  this.doubtful.delete(decide);
                  waiting--;
                  if (this.closed) onVerdict(job, NOT_VERIFIED);
                  else if (!this.watch.health.ok) {
                    waiting++;
                    if (
                      !this.watch.hold(v, () => {
                        waiting--;
                        run([job]);
                      })
                    ) {
                      waiting--;
                      run([job]);
                    }
                    return;
                  } else onVerdict(job, v);
                  settle();
                };
                const timer = setTimeout(decide, this.graceMs);
                timer.unref?.();
                this.doubtful.add(decide);
              } else onVerdict(job, v);
            },
            options,
          )
          .then(() => {
            running--;
            settle();
          }, reject);
      };
      run(jobs);
    });
  }

  health(): NetworkHealth {
    const own = this.watch.health;
    if (!own.ok) return own;
    return this.inner.health?.() ?? own;
  }

  waiting(tenant: string): WaitingGroup[] {
    return this.inner.waiting?.(tenant) ?? [];
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const decide of [...this.doubtful]) decide();
    this.watch.close();
    await this.inner.close();
  }
}
