import { notInArray } from 'drizzle-orm';
import type { VerifierStanding } from '../../../shared/deliverability';
import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db/client';
import { type ProxyRoute, parseProxyList } from '../verification';
import { listZones } from './lists';
import { discoverPublicIp } from './public-ip';
import { configuredResolver } from './resolver';
import { verifierStanding } from './schema';
import { checkStanding, standingWay } from './standing';

/** SMTP_PROXY's proxies, each once, the default one (given to no provider) first. */
function waysOut(config: Config): ProxyRoute[] {
  const all = parseProxyList(config.SMTP_PROXY);
  const ordered = [...all.filter((p) => p.provider === null), ...all.filter((p) => p.provider !== null)];
  return ordered.filter((p, i) => ordered.findIndex((q) => q.name === p.name) === i);
}

/**
 * Checks the standing of every way our probes leave by now (directly, or each proxy of SMTP_PROXY)
 * and keeps one row per way; rows of ways no longer configured are dropped. The default way first.
 */
export async function recordStanding(o: { db: Db; config: Config; now: Date }): Promise<VerifierStanding[]> {
  const resolver = configuredResolver(o.config);
  const proxies = waysOut(o.config);
  const ways = proxies.length > 0 ? proxies : [null];
  try {
    const standings = await Promise.all(
      ways.map((proxy, i) =>
        checkStanding({
          resolver,
          publicIp: () => discoverPublicIp({ config: o.config, resolver, proxy, isDefault: i === 0 }),
          heloName: o.config.SMTP_HELO_NAME ?? null,
          zones: listZones(o.config).ip,
          via: proxy ? 'proxy' : 'direct',
          // One proxy keeps the way "proxy", as before lists; several are told apart by name.
          proxy: proxies.length > 1 ? proxy?.name : null,
          now: o.now,
        }),
      ),
    );
    for (const standing of standings) {
      const way = standingWay(standing);
      await o.db
        .insert(verifierStanding)
        .values({ way, standing, checkedAt: o.now })
        .onConflictDoUpdate({ target: verifierStanding.way, set: { standing, checkedAt: o.now } });
    }
    await o.db.delete(verifierStanding).where(notInArray(verifierStanding.way, standings.map(standingWay)));
    return standings;
  } finally {
    resolver.close();
  }
}

export async function readStanding(o: { db: Db }): Promise<VerifierStanding[]> {
  return (await o.db.select().from(verifierStanding)).map((r) => r.standing);
}
