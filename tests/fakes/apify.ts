import http from 'node:http';
import type { AddressInfo } from 'node:net';

// A fake Apify API on loopback, speaking what apify-client calls: start an actor run
// (POST /v2/acts/{actor}/runs, which apify-client spells /v2/actors/...), poll it (GET /v2/actor-runs/{id}?waitForFinish=N; READY → RUNNING →
// SUCCEEDED, one step per poll, or FAILED), and read its dataset (GET /v2/datasets/{id}/items).
// The search actor answers profiles per keyword; the profile actor per username. Two field variants
// (apify's camelCase and the snake_case some actors use) exercise the normaliser. Also serves small
// profile websites at /site/{username} so the website email lookup has something to read.

export type RawProfile = Record<string, unknown>;

export interface FakeApifyOptions {
  token?: string;
  searchActor?: string;
  profileActor?: string;
}

interface Run {
  id: string;
  actId: string;
  status: 'READY' | 'RUNNING' | 'SUCCEEDED' | 'FAILED';
  defaultDatasetId: string;
  fail: boolean;
  polls: number;
}

export interface FakeApify {
  url: string;
  token: string;
  /** Every run started: actor and input, for assertions. */
  started: { actor: string; input: Record<string, unknown> }[];
  /** Profiles the search actor returns for a keyword (the keyword "fail" makes the run fail). */
  searchResults: Map<string, RawProfile[]>;
  /** Full profiles the profile actor returns by username. */
  fullProfiles: Map<string, RawProfile>;
  /** HTML of /site/{username}. */
  sites: Map<string, string>;
  /** The next N POSTs to /runs answer 429 (apify-client retries them). */
  rateLimitNext: number;
  /** Runs never finish while true (to test resuming). */
  holdRuns: boolean;
  runs: Map<string, Run>;
  close(): Promise<void>;
}

let seq = 0;
const id = (p: string) => `${p}${Date.now().toString(36)}${(seq++).toString(36)}`;

/** A partial profile as the search actor gives it, in one of two field variants. */
export function searchProfile(
  username: string,
  over: RawProfile = {},
  variant: 'camel' | 'snake' = 'camel',
): RawProfile {
  const base =
    variant === 'camel'
      ? {
          username,
          fullName: `${username[0].toUpperCase()}${username.slice(1)} Studio`,
          biography: 'Creative studio',
          followersCount: 1234,
          followsCount: 321,
          postsCount: 42,
          verified: false,
          url: `https://www.instagram.com/${username}/`,
        }
      : {
          userName: username,
          full_name: `${username} shop`,
          bio: 'Shop',
          followers_count: '12.5K',
          following_count: 10,
          posts_count: 7,
          is_verified: true,
          instagramUrl: `https://www.instagram.com/${username}`,
        };
  return { ...base, ...over };
}

export async function startFakeApify(opts: FakeApifyOptions = {}): Promise<FakeApify> {
  const token = opts.token ?? 'fake-apify-token';
  const fake = {
    token,
    started: [],
    searchResults: new Map(),
    fullProfiles: new Map(),
    sites: new Map(),
    rateLimitNext: 0,
    holdRuns: false,
    runs: new Map(),
  } as unknown as FakeApify;
  const datasets = new Map<string, RawProfile[]>();

  const send = (
    res: http.ServerResponse,
    status: number,
    body: unknown,
    headers: Record<string, string> = {},
  ) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };
  const runView = (r: Run) => ({
    id: r.id,
    actId: r.actId,
    status: r.status,
    defaultDatasetId: r.defaultDatasetId,
    defaultKeyValueStoreId: 'kvs',
    startedAt: new Date().toISOString(),
  });

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8') || 'null') : null;

    const site = /^\/site\/([\w.]+)$/.exec(url.pathname);
    if (site) {
      const html = fake.sites.get(site[1]);
      if (!html) return send(res, 404, { error: 'no site' });
      res.writeHead(200, { 'content-type': 'text/html' });
      return res.end(html);
    }

    const auth = req.headers.authorization === `Bearer ${token}` || url.searchParams.get('token') === token;
    if (!auth)
      return send(res, 401, {
        error: { type: 'token-not-valid', message: 'Authentication token is not valid.' },
      });

    const start = /^\/v2\/(?:acts|actors)\/([^/]+)\/runs$/.exec(url.pathname);
    if (start && req.method === 'POST') {
      if (fake.rateLimitNext > 0) {
        fake.rateLimitNext--;
        return send(res, 429, { error: { type: 'rate-limit-exceeded', message: 'Too many requests' } });
      }
      const actor = decodeURIComponent(start[1]).replace('~', '/');
      const input = (body ?? {}) as Record<string, unknown>;
      fake.started.push({ actor, input });
      let items: RawProfile[] = [];
      let fail = false;
      if (actor === (opts.searchActor ?? 'apify/instagram-search-scraper')) {
        const keyword = String(input.search ?? '');
        fail = keyword === 'fail';
        items = (fake.searchResults.get(keyword) ?? []).slice(0, Number(input.searchLimit ?? 1000));
      } else if (actor === (opts.profileActor ?? 'apify/instagram-profile-scraper')) {
        const names = (input.usernames as string[]) ?? [];
        fail = names.includes('fail');
        items = names.map((n) => fake.fullProfiles.get(n)).filter((p): p is RawProfile => Boolean(p));
      } else {
        return send(res, 404, { error: { type: 'record-not-found', message: 'Actor was not found' } });
      }
      const run: Run = {
        id: id('run'),
        actId: actor,
        status: 'READY',
        defaultDatasetId: id('ds'),
        fail,
        polls: 0,
      };
      fake.runs.set(run.id, run);
      datasets.set(run.defaultDatasetId, items);
      return send(res, 201, { data: runView(run) });
    }

    const poll = /^\/v2\/actor-runs\/([^/]+)$/.exec(url.pathname);
    if (poll && req.method === 'GET') {
      const run = fake.runs.get(poll[1]);
      if (!run) return send(res, 404, { error: { type: 'record-not-found', message: 'Run not found' } });
      run.polls++;
      if (!fake.holdRuns) {
        if (run.status === 'READY') run.status = 'RUNNING';
        else if (run.status === 'RUNNING') run.status = run.fail ? 'FAILED' : 'SUCCEEDED';
      }
      // waitForFinish: a real API holds the request; a short pause keeps client loops from spinning.
      // A held run is held longer, as the real API does until waitForFinish runs out, so a worker polling
      // it does not flood the machine while a test looks at the in-progress state.
      if (Number(url.searchParams.get('waitForFinish') ?? 0) > 0)
        await new Promise((r) => setTimeout(r, fake.holdRuns ? 100 : 5));
      return send(res, 200, { data: runView(run) });
    }

    const items = /^\/v2\/datasets\/([^/]+)\/items$/.exec(url.pathname);
    if (items && req.method === 'GET') {
      const all = datasets.get(items[1]);
      if (!all) return send(res, 404, { error: { type: 'record-not-found', message: 'Dataset not found' } });
      const offset = Number(url.searchParams.get('offset') ?? 0);
      const limit = Number(url.searchParams.get('limit') ?? all.length);
      const page = all.slice(offset, offset + limit);
      return send(res, 200, page, {
        'x-apify-pagination-total': String(all.length),
        'x-apify-pagination-offset': String(offset),
        'x-apify-pagination-limit': String(limit),
        'x-apify-pagination-count': String(page.length),
      });
    }
    send(res, 404, { error: { type: 'page-not-found', message: `No route ${req.method} ${url.pathname}` } });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () =>
    new Promise<void>((r) => {
      server.closeAllConnections();
      server.close(() => r());
    });
  return fake;
}
