import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  type BrandingSettings,
  challengeName,
  challengeValue,
  type DomainState,
  type updateBrandingSchema,
} from '../../../shared/branding';
import type { Db } from '../../platform/db/client';
import { workspaceBranding } from './schema';

/** Every column but the logo's bytes (read only by the logo route). */
export const brandingColumns = {
  workspaceId: workspaceBranding.workspaceId,
  productName: workspaceBranding.productName,
  primaryColor: workspaceBranding.primaryColor,
  supportEmail: workspaceBranding.supportEmail,
  hasLogo: sql<boolean>`${workspaceBranding.logo} IS NOT NULL`,
  customDomain: workspaceBranding.customDomain,
  domainToken: workspaceBranding.domainToken,
  domainVerifiedAt: workspaceBranding.domainVerifiedAt,
  domainCheckedAt: workspaceBranding.domainCheckedAt,
  domainCheckReason: workspaceBranding.domainCheckReason,
  updatedAt: workspaceBranding.updatedAt,
};
export type BrandingRow = {
  workspaceId: string;
  productName: string | null;
  primaryColor: string | null;
  supportEmail: string | null;
  hasLogo: boolean;
  customDomain: string | null;
  domainToken: string | null;
  domainVerifiedAt: Date | null;
  domainCheckedAt: Date | null;
  domainCheckReason: string | null;
  updatedAt: Date;
};

export async function findBranding(db: Db, workspaceId: string): Promise<BrandingRow | null> {
  const [row] = await db
    .select(brandingColumns)
    .from(workspaceBranding)
    .where(eq(workspaceBranding.workspaceId, workspaceId));
  return row ?? null;
}

/** The logo's address; the version changes with every save, so browsers may cache each one. */
export const logoUrl = (row: BrandingRow | null) =>
  row?.hasLogo ? `/api/branding/logo/${row.workspaceId}?v=${row.updatedAt.getTime()}` : null;

export function domainState(row: BrandingRow | null): DomainState | null {
  if (!row?.customDomain || !row.domainToken) return null;
  return {
    domain: row.customDomain,
    status: row.domainVerifiedAt ? 'verified' : 'pending',
    txtName: challengeName(row.customDomain),
    txtValue: challengeValue(row.domainToken),
    verifiedAt: row.domainVerifiedAt?.toISOString() ?? null,
    checkedAt: row.domainCheckedAt?.toISOString() ?? null,
    reason: row.domainVerifiedAt ? null : row.domainCheckReason,
  };
}

export function settingsView(
  row: BrandingRow | null,
  access: Pick<BrandingSettings, 'allowed' | 'canManage' | 'notice' | 'upgradeUrl'>,
): BrandingSettings {
  return {
    productName: row?.productName ?? null,
    primaryColor: row?.primaryColor ?? null,
    supportEmail: row?.supportEmail ?? null,
    logoUrl: logoUrl(row),
    domain: domainState(row),
    ...access,
  };
}

/** Saves name, colour and support address (validated by the contract); the logo and domain keep. */
export async function saveBranding(opts: {
  db: Db;
  workspaceId: string;
  input: z.output<typeof updateBrandingSchema>;
  now: Date;
}): Promise<BrandingRow> {
  const values = { ...opts.input, updatedAt: opts.now };
  await opts.db
    .insert(workspaceBranding)
    .values({ workspaceId: opts.workspaceId, ...values })
    .onConflictDoUpdate({ target: workspaceBranding.workspaceId, set: values });
  return (await findBranding(opts.db, opts.workspaceId)) as BrandingRow;
}
