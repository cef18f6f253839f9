import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../../tests/helpers/test-app';
import type { Database } from '../../platform/db/client';
import { migrate } from '../../platform/db/migrate';
import { query } from '../../platform/db/sql';
import { type ExampleDeps, siteExamples } from './domain-examples';
import { putSite, siteOf } from './site-cache';

// A company site whose robots.txt (or contact page) redirects into our own network: the finder says it
// could not read the site, in the same words as for a site that does not answer, and never names the
// internal host or what it resolves to; nor does it keep that reading in the cache every workspace shares.

const TAG = Math.random().toString(36).slice(2, 8);
const REDIRECTING = `robots-${TAG}.test`;
const PAGE_REDIRECTING = `page-${TAG}.test`;
const SILENT = `silent-${TAG}.test`;
let server: http.Server;
let database: Database;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const host = String(req.headers.host).split(':')[0];
    const inside = () => res.writeHead(302, { location: 'http://db.corp.internal/' }).end();
    if (host === REDIRECTING) return inside();
    if (host === PAGE_REDIRECTING && req.url === '/robots.txt') return res.writeHead(404).end();
    if (host === PAGE_REDIRECTING) return inside();
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  database = await openTestDatabase();
  await migrate(database);
});
afterAll(async () => {
  server.closeAllConnections();
  server.close();
  await database?.close();
});

function deps(): ExampleDeps {
  return {
    db: database.db,
    config: {
      FINDER_SITE_BUDGET_MS: 3000,
      FINDER_SITE_PAGE_BYTES: 65536,
      FINDER_SITE_TTL_DAYS: 30,
      FINDER_WEB_PORT: (server.address() as AddressInfo).port,
      SAFE_FETCH_ALLOW_LOOPBACK: true,
    },
    // Our resolver knows an internal name; the silent site resolves to a public test address nobody answers on.
    resolve: async (host) => {
      if (host === 'db.corp.internal') return [{ address: '10.1.2.3', family: 4 }];
      if (host === SILENT) throw new Error(`${host}: not found`);
      return [{ address: '127.0.0.1', family: 4 }];
    },
    now: () => new Date(),
  };
}

describe("a company site that redirects into our network (the finder's site reading)", () => {
  it.each([
    ['robots.txt', REDIRECTING],
    ['every page', PAGE_REDIRECTING],
  ])(
    'via %s: one generic sentence, no internal name or address, nothing in the shared cache',
    async (_, domain) => {
      const site = await siteExamples(deps(), domain);
      expect(site.examples).toEqual([]);
      expect(site.problem).toBe(`Could not read ${domain}'s website`);
      expect(site.problem).not.toMatch(/corp\.internal|10\.1\.2\.3|public address|Refusing/);
      expect(await siteOf(database.db, domain)).toBeNull();
    },
  );

  it('says the same of a site that does not answer (so the sentence tells nothing about our DNS)', async () => {
    const site = await siteExamples(deps(), SILENT);
    expect(site.problem).toBe(`Could not read ${SILENT}'s website`);
    // A site that simply fails is kept (and retried after a day), as before.
    expect((await siteOf(database.db, SILENT))?.problem).toBe(`Could not read ${SILENT}'s website`);
  });
});

describe('readings kept before the fix', () => {
  it("are dropped by migration 0870, the site's own problems kept", async () => {
    const old = `old-${TAG}.test`;
    const kept = `kept-${TAG}.test`;
    const now = new Date();
    await putSite(database.db, {
      domain: old,
      addresses: [],
      pages: 0,
      problem: `Could not read ${old}'s website: Refusing to fetch db.corp.internal: 10.1.2.3 is not a public address`,
      readAt: now,
    });
    await putSite(database.db, {
      domain: kept,
      addresses: [],
      pages: 0,
      problem: `${kept}'s robots.txt asks not to read its pages`,
      readAt: now,
    });
    const file = new URL('../../platform/db/migrations/0870_find_sites_forget_refusals.sql', import.meta.url);
    await query(database.db, sql.raw(readFileSync(file, 'utf8')));
    expect(await siteOf(database.db, old)).toBeNull();
    expect(await siteOf(database.db, kept)).not.toBeNull();
  });
});
