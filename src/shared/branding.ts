import { z } from 'zod';
import { publicDomainSchema } from './public-domain';

// Contracts of workspace branding and custom domains (White Label; docs/decisions/0820-branding.md).

export const DEFAULT_PRODUCT_NAME = 'Verilead';
export const LOGO_MAX_BYTES = 256 * 1024;
export const LOGO_TYPES = ['png', 'svg', 'jpeg', 'webp'] as const;
export type LogoType = (typeof LOGO_TYPES)[number];
export const LOGO_MIME: Record<LogoType, string> = {
  png: 'image/png',
  svg: 'image/svg+xml',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
};
export const WHITE_LABEL_UPGRADE_URL = '/subscribe?plan=whitelabel';

/** The DNS name and value a workspace publishes to prove it controls a domain. */
export const challengeName = (domain: string) => `_verilead-challenge.${domain}`;
export const challengeValue = (token: string) => `verilead-verify=${token}`;

const HEX = /^#[0-9a-f]{6}$/i;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));

export const updateBrandingSchema = z.object({
  productName: optionalText(60).refine((v) => v === null || !/[<>\r\n]/.test(v), {
    message: 'The product name may not contain < > or line breaks.',
  }),
  primaryColor: z
    .string()
    .trim()
    .nullish()
    .transform((v) => (v ? v.toLowerCase() : null))
    .refine((v) => v === null || HEX.test(v), {
      message: 'The primary colour must be a hex colour like #1a73e8.',
    }),
  supportEmail: optionalText(254).refine((v) => v === null || z.email().safeParse(v).success, {
    message: 'The support email must be an email address, e.g. help@example.com.',
  }),
});

// The typed-domain rule every form shares (shared/public-domain.ts); the server adds "not our own".
export const claimDomainSchema = z.object({ domain: publicDomainSchema });

export const domainStateSchema = z.object({
  domain: z.string(),
  status: z.enum(['pending', 'verified']),
  /** The TXT record to create: its name and its exact value. */
  txtName: z.string(),
  txtValue: z.string(),
  verifiedAt: z.string().nullable(),
  checkedAt: z.string().nullable(),
  /** Why the last check did not verify. */
  reason: z.string().nullable(),
});
export type DomainState = z.infer<typeof domainStateSchema>;

export const brandingSettingsSchema = z.object({
  productName: z.string().nullable(),
  primaryColor: z.string().nullable(),
  supportEmail: z.string().nullable(),
  logoUrl: z.string().nullable(),
  domain: domainStateSchema.nullable(),
  /** Whether the plan includes branding, and the user's role may change it. */
  allowed: z.boolean(),
  canManage: z.boolean(),
  /** Why the branding cannot be changed or shown (plan or role), with the way forward. */
  notice: z.string().nullable(),
  upgradeUrl: z.string().nullable(),
});
export type BrandingSettings = z.infer<typeof brandingSettingsSchema>;

export const domainCheckSchema = z.object({
  /** unknown: the DNS server could not be asked; nothing changed. */
  result: z.enum(['verified', 'pending', 'unknown']),
  message: z.string(),
  domain: domainStateSchema,
});
export type DomainCheck = z.infer<typeof domainCheckSchema>;

/** What every page applies at start (no sign-in needed). */
export const publicBrandingSchema = z.object({
  productName: z.string(),
  primaryColor: z.string().nullable(),
  supportEmail: z.string().nullable(),
  logoUrl: z.string().nullable(),
  /** domain: the request's host is a verified custom domain; workspace: the signed-in user's. */
  source: z.enum(['domain', 'workspace', 'default']),
});
export type PublicBranding = z.infer<typeof publicBrandingSchema>;

export const DEFAULT_BRANDING: PublicBranding = {
  productName: DEFAULT_PRODUCT_NAME,
  primaryColor: null,
  supportEmail: null,
  logoUrl: null,
  source: 'default',
};
