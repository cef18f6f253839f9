import { DEFAULT_PRODUCT_NAME, type PublicBranding } from '../../shared/branding';
import { hexToOklch, readableForeground } from '../../shared/branding-color';

const VARS = ['--color-primary', '--color-primary-foreground', '--color-ring'] as const;

/**
 * Applies a workspace's branding to the running app without a rebuild: the primary colour as the
 * stylesheet's own variables (oklch, index.css), a readable text colour on it, and the tab title.
 * The default branding removes any override, so the stylesheet's values apply again.
 */
export function applyBranding(branding: PublicBranding, root: HTMLElement = document.documentElement): void {
  if (branding.primaryColor) {
    const color = hexToOklch(branding.primaryColor);
    root.style.setProperty('--color-primary', color);
    root.style.setProperty('--color-ring', color);
    root.style.setProperty('--color-primary-foreground', readableForeground(branding.primaryColor).css);
  } else {
    for (const v of VARS) root.style.removeProperty(v);
  }
  document.title = branding.productName || DEFAULT_PRODUCT_NAME;
}
