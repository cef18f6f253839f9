import type { VerifierStanding } from '../../../shared/deliverability';
import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db/client';
import { listZones } from './lists';
import { discoverPublicIp, firstProxy } from './public-ip';
import { configuredResolver } from './resolver';
import { verifierStanding } from './schema';
import { checkStanding } from './standing';

/** Checks the standing of the way our probes leave now and keeps it (one row per way out). */
export async function recordStanding(o: { db: Db; config: Config; now: Date }): Promise<VerifierStanding> {
  const resolver = configuredResolver(o.config);
  try {
    const standing = await checkStanding({
      resolver,
      publicIp: () => discoverPublicIp({ config: o.config, resolver }),
      heloName: o.config.SMTP_HELO_NAME ?? null,
      zones: listZones(o.config).ip,
      via: firstProxy(o.config.SMTP_PROXY) ? 'proxy' : 'direct',
      now: o.now,
    });
    await o.db
      .insert(verifierStanding)
      .values({ way: standing.via, standing, checkedAt: o.now })
      .onConflictDoUpdate({ target: verifierStanding.way, set: { standing, checkedAt: o.now } });
    return standing;
  } finally {
    resolver.close();
  }
}

export async function readStanding(o: { db: Db }): Promise<VerifierStanding[]> {
  return (await o.db.select().from(verifierStanding)).map((r) => r.standing);
}
