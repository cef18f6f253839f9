import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ActivityAction } from '../../../shared/workspaces';
import type { Db } from '../../platform/db/client';
import type { AppDeps } from '../../platform/deps';
import { activityLog } from './schema';

type Bag = Record<string, unknown>;
/** What a rule may read of a request that succeeded: never headers or secrets. */
interface Seen {
  params: Bag;
  query: Bag;
  body: Bag;
  response: Bag;
}
interface Rule {
  action: ActivityAction;
  /** The id (or name) the action was on. */
  target?: (s: Seen) => unknown;
  /** A readable name for the target when the request or response carries one. */
  name?: (s: Seen) => unknown;
  detail?: (s: Seen) => Bag;
  /** The target is a list (upload): its file name is looked up. */
  list?: boolean;
  /** Record only when this holds (e.g. a verification that really started). */
  when?: (s: Seen) => boolean;
}

const param = (key: string) => (s: Seen) => s.params[key];
const hostOf = (url: unknown) => {
  try {
    return new URL(String(url)).host;
  } catch {
    return null;
  }
};

/**
 * What the activity log records: `METHOD routePattern` (Fastify's route url) → action. Recorded for 2xx
 * answers of requests acting in a workspace, so features need no code of their own for it. Only the
 * fields named here are read: bodies carrying secrets (API keys) are never copied.
 */
export const ACTIVITY_ROUTES: Record<string, Rule> = {
  'POST /api/upload': { action: 'list.uploaded', target: (s) => s.response.uploadId, list: true },
  'POST /api/verify/:id': {
    action: 'verification.started',
    target: param('id'),
    list: true,
    when: (s) => s.response.started !== false,
  },
  'POST /api/verify/:id/pending': {
    action: 'verification.resumed',
    target: param('id'),
    list: true,
    when: (s) => s.response.started !== false,
  },
  'GET /api/upload/:id/export': {
    action: 'list.exported',
    target: param('id'),
    list: true,
    detail: (s) => ({ type: s.query.type ?? null }),
  },
  'POST /api/scrape-instagram': { action: 'scrape.started', target: (s) => s.response.id },
  'POST /api/scrape-instagram-urls': { action: 'scrape.started', target: (s) => s.response.id },
  'POST /api/scrape-job/:id/clean-export': { action: 'scrape.exported', target: param('id') },
  'GET /api/scrape-job/:id/download-cleaned': {
    action: 'scrape.downloaded',
    target: param('id'),
    detail: (s) => ({ type: s.query.type ?? null }),
  },
  'POST /api/scrape-job/:id/send-to-verify': {
    action: 'scrape.sent_to_verification',
    target: param('id'),
    detail: (s) => ({ uploadId: s.response.uploadId ?? null, emails: s.response.emailCount ?? null }),
  },
  'POST /api/smartlead/create-campaign': {
    action: 'campaign.sent',
    target: (s) => s.response.id,
    name: (s) => s.response.name,
    detail: (s) => ({ leads: s.response.total_leads ?? null }),
  },
  'POST /api/smartlead/campaigns/:id/status': {
    action: 'campaign.status_changed',
    target: param('id'),
    detail: (s) => ({ status: s.body.status ?? null }),
  },
  'POST /api/smartlead/campaigns/:id/leads': { action: 'campaign.leads_added', target: param('id') },
  'POST /api/smartlead/settings': { action: 'settings.smartlead_key' },
  'POST /api/email-templates': {
    action: 'template.saved',
    target: (s) => s.response.id,
    name: (s) => s.body.name,
  },
  'PUT /api/email-templates/:id': { action: 'template.saved', target: param('id'), name: (s) => s.body.name },
  'DELETE /api/email-templates/:id': { action: 'template.deleted', target: param('id') },
  'POST /api/webhooks': {
    action: 'settings.webhook_created',
    target: (s) => s.response.id,
    name: (s) => hostOf(s.body.url),
  },
  'DELETE /api/webhooks/:id': { action: 'settings.webhook_deleted', target: param('id') },
  'POST /api/api-tokens': {
    action: 'keys.api_token_created',
    target: (s) => s.response.id,
    name: (s) => s.body.name,
  },
  'DELETE /api/api-tokens/:id': { action: 'keys.api_token_revoked', target: param('id') },
  'POST /api/create-subscription': {
    action: 'billing.subscribed',
    detail: (s) => ({ plan: s.body.plan ?? null }),
  },
  'POST /api/subscription/change-plan': {
    action: 'billing.plan_changed',
    detail: (s) => ({ plan: s.body.plan ?? null }),
  },
  'PUT /api/branding': { action: 'settings.branding', detail: () => ({ part: 'settings' }) },
  'POST /api/branding/logo': { action: 'settings.branding', detail: () => ({ part: 'logo' }) },
  'DELETE /api/branding/logo': { action: 'settings.branding', detail: () => ({ part: 'logo removed' }) },
  'PUT /api/branding/domain': {
    action: 'settings.branding',
    name: (s) => s.body.domain,
    detail: () => ({ part: 'custom domain' }),
  },
  'DELETE /api/branding/domain': {
    action: 'settings.branding',
    detail: () => ({ part: 'custom domain removed' }),
  },
  // API v1 (recorded once its requests act in a workspace).
  'POST /api/v1/lists': { action: 'verification.started', target: (s) => s.response.id, list: true },
  'POST /api/v1/verify': { action: 'verification.started', target: (s) => s.response.listId, list: true },
  'GET /api/v1/lists/:id/export': { action: 'list.exported', target: param('id'), list: true },
  'DELETE /api/v1/lists/:id': { action: 'list.deleted', target: param('id') },
};

const ruleFor = (method: string, url: string | undefined): Rule | null =>
  url ? (ACTIVITY_ROUTES[`${method} ${url}`] ?? null) : null;

const bag = (v: unknown): Bag => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Bag) : {});
const text = (v: unknown) =>
  typeof v === 'string' || typeof v === 'number' ? String(v).slice(0, 300) : null;

function responseOf(payload: unknown, type: unknown): Bag {
  if (typeof payload !== 'string' || payload.length > 256 * 1024) return {};
  if (!String(type ?? '').includes('json')) return {};
  try {
    return bag(JSON.parse(payload));
  } catch {
    return {};
  }
}

/** One entry in a workspace's log (also used by the team routes, which know better names). */
export async function recordActivity(
  db: Db,
  entry: {
    workspaceId: string;
    userId: string | null;
    action: ActivityAction;
    target?: string | null;
    detail?: Bag;
    now: Date;
  },
): Promise<void> {
  await db.insert(activityLog).values({
    workspaceId: entry.workspaceId,
    userId: entry.userId,
    action: entry.action,
    target: entry.target ?? null,
    detail: entry.detail ?? {},
    createdAt: entry.now,
  });
}

/** A list's name by id, or null (the lists feature reads it: it owns the table). */
type ListName = (db: Db, id: string) => Promise<string | null>;

async function record(req: FastifyRequest, rule: Rule, seen: Seen, deps: AppDeps, listName: ListName) {
  if (rule.when && !rule.when(seen)) return;
  const target = text(rule.target?.(seen));
  const db = deps.database.db;
  // A target that is not an id is never looked up: the database would refuse it as a uuid.
  const name =
    text(rule.name?.(seen)) ??
    (rule.list && target && /^[0-9a-f-]{36}$/i.test(target) ? await listName(db, target) : null);
  const detail = {
    ...(rule.detail?.(seen) ?? {}),
    ...(name ? { name } : {}),
    ...(req.authKind === 'bearer' ? { via: 'api' } : {}),
  };
  const workspace = req.workspace;
  if (!workspace) return;
  await recordActivity(db, {
    workspaceId: workspace.id,
    userId: req.user?.id ?? null,
    action: rule.action,
    target,
    detail,
    now: deps.clock(),
  });
}

/**
 * Records the table's actions. onSend rather than onResponse: the entry is written before the client
 * has its answer, so whatever it does next (open the log) sees it. A failure to record is logged and
 * never fails the request.
 */
export function installActivityLog(app: FastifyInstance, deps: AppDeps, listName: ListName) {
  app.addHook('onSend', async (req, reply, payload) => {
    if (reply.statusCode < 200 || reply.statusCode >= 300 || !req.workspace || !req.user) return payload;
    const rule = ruleFor(req.method, req.routeOptions.url);
    if (!rule) return payload;
    const seen: Seen = {
      params: bag(req.params),
      query: bag(req.query),
      body: bag(req.body),
      response: responseOf(payload, reply.getHeader('content-type')),
    };
    try {
      await record(req, rule, seen, deps, listName);
    } catch (err) {
      req.log.warn({ err, action: rule.action }, 'activity not recorded');
    }
    return payload;
  });
}
