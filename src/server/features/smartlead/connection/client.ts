import { z } from 'zod';
import { recordExternalCall } from '../../../platform/ops/external-calls';
import { realSleep, retrying, type Sleep } from '../../../platform/retry';
import { limiterFor, type RateLimiter } from './rate-limit';
import { bodyRetryAfter, parseRetryAfter, windowSpentFor } from './retry-after';

// The one HTTP client of Smartlead's public API (base URL from SMARTLEAD_API_URL; key as `api_key` query
// parameter, as Smartlead requires). Errors never carry the URL, so the key cannot reach a log through them.

export type SmartleadErrorKind =
  | 'auth'
  | 'rate_limit'
  | 'unreachable'
  | 'server'
  | 'bad_request'
  | 'not_found';

const MESSAGES: Record<SmartleadErrorKind, (status: number, detail?: string) => string> = {
  auth: (s) =>
    `Smartlead rejected the API key (HTTP ${s}). Check that you copied the whole key from Smartlead (Settings → API) and save it again.`,
  rate_limit: () => "Smartlead's rate limit was reached. Please wait a few seconds and try again.",
  unreachable: () =>
    'Could not reach the Smartlead API. Check the server’s network connection or try again in a minute.',
  server: (s) => `Smartlead is having problems right now (HTTP ${s}). Please try again in a few minutes.`,
  bad_request: (s, d) => `Smartlead refused the request (HTTP ${s})${d ? `: ${d}` : '.'}`,
  not_found: () => 'Smartlead could not find that campaign (it may have been deleted in Smartlead).',
};

export class SmartleadError extends Error {
  constructor(
    public readonly kind: SmartleadErrorKind,
    public readonly status: number,
    detail?: string,
    /** For a rate limit: how long Smartlead asked us to wait. */
    public readonly retryAfterMs?: number,
  ) {
    super(MESSAGES[kind](status, detail));
  }
  /** Worth trying again later (the job's retry), as opposed to a problem only the user can fix. */
  get transient(): boolean {
    return this.kind === 'rate_limit' || this.kind === 'unreachable' || this.kind === 'server';
  }
}

const count = z
  .union([z.number(), z.string()])
  .nullish()
  .transform((v) => {
    const n = Number(v ?? 0);
    return Number.isFinite(n) ? n : 0;
  });

export const remoteCampaignSchema = z
  .object({
    id: z.coerce.number(),
    name: z.string().nullish(),
    status: z.string().nullish(),
    created_at: z.string().nullish(),
  })
  .passthrough();
export type RemoteCampaign = z.infer<typeof remoteCampaignSchema>;

export const addLeadsResultSchema = z
  .object({
    upload_count: count,
    duplicate_count: count,
    invalid_email_count: count,
    already_added_to_campaign: count,
    total_leads: count,
  })
  .passthrough();
export type AddLeadsResult = z.infer<typeof addLeadsResultSchema>;

export const analyticsSchema = z
  .object({
    status: z.string().nullish(),
    sent_count: count,
    unique_sent_count: count,
    open_count: count,
    unique_open_count: count,
    reply_count: count,
    total_count: count,
  })
  .passthrough();
export type RemoteAnalytics = z.infer<typeof analyticsSchema>;

export interface SmartleadLead {
  email: string;
  first_name?: string;
  last_name?: string;
  company_name?: string;
  custom_fields?: Record<string, string>;
}

export interface Retries {
  /** How many 429s to wait out (Retry-After) before giving up. */
  rateLimit: number;
  /** How many 5xx / network failures to retry with back-off before giving up. */
  server: number;
}
/**
 * The two retry policies, named by who waits for the answer (client-for.ts picks one per caller). A person
 * at the screen wants an answer (or a failure with a Retry button) within seconds; a job has no one
 * waiting and the queue retries it anyway, so it rides out a short outage or a run of 429s first.
 */
export const RETRY_POLICIES = {
  interactive: { rateLimit: 1, server: 1 },
  background: { rateLimit: 8, server: 4 },
} as const satisfies Record<string, Retries>;

export interface SmartleadClientOptions {
  baseUrl: string;
  apiKey: string;
  limiter?: RateLimiter;
  sleep?: Sleep;
  timeoutMs?: number;
  retries?: Retries;
  /** First back-off delay for 5xx and network failures (doubles each time, capped at 8 s). */
  backoffMs?: number;
  /** The product token of the User-Agent (a White Label workspace's product name); Verilead by default. */
  product?: string;
}

export function createSmartleadClient(opts: SmartleadClientOptions) {
  const base = opts.baseUrl.replace(/\/+$/, '');
  const limiter = opts.limiter ?? limiterFor(opts.apiKey);
  const sleep = opts.sleep ?? realSleep;
  const timeoutMs = opts.timeoutMs ?? 30_000;
  const retries = opts.retries ?? RETRY_POLICIES.background;
  const backoffMs = opts.backoffMs ?? 500;
  const userAgent = `${opts.product ?? 'Verilead'}/1.0`;

  async function request(
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    body?: unknown,
    query: Record<string, string | number> = {},
  ): Promise<unknown> {
    const url = new URL(`${base}${path}`);
    for (const [k, v] of Object.entries(query)) url.searchParams.set(k, String(v));
    url.searchParams.set('api_key', opts.apiKey);
    let rateLimited = 0;
    // 429s wait out Retry-After through the shared limiter; 5xx and network failures back off and retry.
    return retrying(
      async () => {
        for (;;) {
          const answered = await limiter.acquire(opts.sleep);
          let res: Response;
          let text: string;
          try {
            res = await fetch(url, {
              method,
              headers:
                body === undefined
                  ? { accept: 'application/json', 'user-agent': userAgent }
                  : { 'content-type': 'application/json', 'user-agent': userAgent },
              body: body === undefined ? undefined : JSON.stringify(body),
              signal: AbortSignal.timeout(timeoutMs),
            });
            text = await res.text().catch(() => '');
            recordExternalCall('smartlead', res.ok ? 'ok' : 'error');
          } catch {
            recordExternalCall('smartlead', 'error');
            throw new SmartleadError('unreachable', 0);
          } finally {
            answered();
          }
          // The key's own limit, whatever its plan: an answer that leaves none of the window holds every
          // request of the key (the fleet's too) until the window resets.
          const spent = windowSpentFor(res.headers);
          if (spent > 0) limiter.pause(spent);
          if (res.ok) return parseJson(text);
          if (res.status === 429) {
            const wait = res.headers.get('retry-after')
              ? parseRetryAfter(res.headers.get('retry-after'))
              : parseRetryAfter(bodyRetryAfter(text));
            limiter.pause(wait);
            if (rateLimited++ < retries.rateLimit) continue;
            throw new SmartleadError('rate_limit', 429, undefined, wait);
          }
          if (res.status >= 500) throw new SmartleadError('server', res.status);
          if (res.status === 401 || res.status === 403) throw new SmartleadError('auth', res.status);
          if (res.status === 404) throw new SmartleadError('not_found', 404);
          throw new SmartleadError('bad_request', res.status, detailOf(text));
        }
      },
      {
        retries: retries.server,
        baseMs: backoffMs,
        maxMs: 8_000,
        sleep,
        retryable: (err) =>
          err instanceof SmartleadError && (err.kind === 'unreachable' || err.kind === 'server'),
      },
    );
  }

  return {
    /** One documented call; the typed wrappers of the automation endpoints live in remote.ts. */
    call: request,
    async listCampaigns(): Promise<RemoteCampaign[]> {
      const data = await request('GET', '/campaigns');
      const list = Array.isArray(data) ? data : ((data as { data?: unknown[] })?.data ?? []);
      return list.flatMap((c) => {
        const parsed = remoteCampaignSchema.safeParse(c);
        return parsed.success ? [parsed.data] : [];
      });
    },
    async createCampaign(name: string): Promise<{ id: number; created_at: string | null }> {
      const data = z
        .object({ id: z.coerce.number(), created_at: z.string().nullish() })
        .safeParse(await request('POST', '/campaigns/create', { name, client_id: null }));
      if (!data.success) throw new SmartleadError('bad_request', 200, 'no campaign id in the answer');
      return { id: data.data.id, created_at: data.data.created_at ?? null };
    },
    async addLeads(campaignId: number, leads: SmartleadLead[]): Promise<AddLeadsResult> {
      const data = await request('POST', `/campaigns/${campaignId}/leads`, {
        lead_list: leads,
        settings: { ignore_global_block_list: false, ignore_unsubscribe_list: false },
      });
      return addLeadsResultSchema.parse(data ?? {});
    },
    async analytics(campaignId: number): Promise<RemoteAnalytics> {
      return analyticsSchema.parse((await request('GET', `/campaigns/${campaignId}/analytics`)) ?? {});
    },
  };
}
export type SmartleadClient = ReturnType<typeof createSmartleadClient>;

function parseJson(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function detailOf(text: string): string | undefined {
  const parsed = parseJson(text) as { message?: unknown; error?: unknown } | null;
  const msg = parsed?.message ?? parsed?.error ?? (parsed === null ? text : undefined);
  return typeof msg === 'string' && msg.trim() ? msg.trim().slice(0, 200) : undefined;
}
