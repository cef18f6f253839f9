import type { CatchAllCache } from '../catchall';
import type { ProviderJob, ProviderVerdict } from '../types';
import type { ProviderContext } from './session-owner';

/** Answers known from earlier runs (any process) go out at once; the rest is returned. */
export async function answerFromKnowledge(
  ctx: Pick<ProviderContext, 'knowledge' | 'logger'>,
  catchAll: CatchAllCache,
  jobs: ProviderJob[],
  onVerdict: (job: ProviderJob, v: ProviderVerdict) => void,
): Promise<ProviderJob[]> {
  const k = ctx.knowledge;
  if (!k || jobs.length === 0) return jobs;
  try {
    const known = await k.getMailboxes(jobs.map((j) => j.address));
    const domains = [...new Set(jobs.map((j) => j.domain))].filter((d) => !catchAll.has(d));
    if (domains.length > 0) {
      for (const [d, f] of await k.getDomains(domains))
        if (f.catchAll !== undefined) catchAll.seed(d, f.catchAll);
    }
    const rest: ProviderJob[] = [];
    for (const j of jobs) {
      const v = known.get(j.address);
      if (v) onVerdict(j, { ...v, attempts: 0, method: 'cache' });
      else rest.push(j);
    }
    return rest;
  } catch (err) {
    ctx.logger.warn({ err }, 'verification knowledge unavailable; probing instead');
    return jobs;
  }
}
