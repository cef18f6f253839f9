import { and, eq, isNotNull } from 'drizzle-orm';
import { DEFAULT_BRANDING, DEFAULT_PRODUCT_NAME, type PublicBranding } from '../../../shared/branding';
import type { Db } from '../../platform/db/client';
import type { PriceConfig } from '../billing';
import { findWorkspacePlan } from '../workspaces';
import { type PlanHolder, whiteLabelStatus } from './plan-gate';
import { workspaceBranding } from './schema';
import { type BrandingRow, brandingColumns, findBranding, logoUrl } from './settings';

type Opts = { db: Db; config: PriceConfig; now: Date };

async function applied(opts: Opts, row: BrandingRow | null, holder: PlanHolder | null) {
  if (!row || !holder) return false;
  return (await whiteLabelStatus({ ...opts, workspace: holder })).allowed;
}

const view = (row: BrandingRow, source: PublicBranding['source']): PublicBranding => ({
  productName: row.productName ?? DEFAULT_PRODUCT_NAME,
  primaryColor: row.primaryColor,
  supportEmail: row.supportEmail,
  logoUrl: logoUrl(row),
  source,
});

/** The workspace whose verified custom domain is `host`, with its branding row. */
async function byVerifiedHost(db: Db, host: string) {
  const [hit] = await db
    .select({ row: brandingColumns, workspaceId: workspaceBranding.workspaceId })
    .from(workspaceBranding)
    .where(and(eq(workspaceBranding.customDomain, host), isNotNull(workspaceBranding.domainVerifiedAt)));
  const w = hit && (await findWorkspacePlan(db, hit.workspaceId));
  return hit && w ? { row: hit.row, w } : null;
}

/**
 * The branding a page shows: the workspace whose verified custom domain the request came to, else the
 * signed-in user's workspace, else Verilead's. Only while the workspace's plan includes branding.
 */
export async function publicBranding(
  opts: Opts & { host: string | null; workspace: PlanHolder | null },
): Promise<PublicBranding> {
  if (opts.host) {
    const hit = await byVerifiedHost(opts.db, opts.host.toLowerCase());
    if (hit && (await applied(opts, hit.row, hit.w))) return view(hit.row, 'domain');
  }
  if (opts.workspace) {
    const row = await findBranding(opts.db, opts.workspace.id);
    if (row && (await applied(opts, row, opts.workspace))) return view(row, 'workspace');
  }
  return DEFAULT_BRANDING;
}

/** The product name a workspace's exports and outgoing requests carry (Verilead unless branded). */
export async function productNameFor(opts: Opts & { workspaceId: string }): Promise<string> {
  const [hit] = await opts.db
    .select({ name: workspaceBranding.productName })
    .from(workspaceBranding)
    .where(eq(workspaceBranding.workspaceId, opts.workspaceId));
  if (!hit?.name) return DEFAULT_PRODUCT_NAME;
  const workspace = await findWorkspacePlan(opts.db, opts.workspaceId);
  if (!workspace) return DEFAULT_PRODUCT_NAME;
  return (await whiteLabelStatus({ ...opts, workspace })).allowed ? hit.name : DEFAULT_PRODUCT_NAME;
}

/** "Leads-valid-2025-01-31.csv" → "Acme Leads-Leads-valid-2025-01-31.csv" for a branded workspace; unchanged otherwise. */
export async function brandedFileName(
  opts: Opts & { workspaceId: string; fileName: string },
): Promise<string> {
  const name = await productNameFor(opts);
  if (name === DEFAULT_PRODUCT_NAME) return opts.fileName;
  const safe = name.replace(/[\\/:*?"<>|\r\n]+/g, ' ').trim();
  return safe ? `${safe}-${opts.fileName}` : opts.fileName;
}

/** A User-Agent product token from the product name: "Acme Leads" → "Acme-Leads". */
export async function userAgentName(opts: Opts & { workspaceId: string }): Promise<string> {
  const token = (await productNameFor(opts))
    .replace(/[^A-Za-z0-9!#$%&'*+.^_`|~-]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return token || DEFAULT_PRODUCT_NAME;
}
