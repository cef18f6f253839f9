import type { ComponentProps } from 'react';
import { cn } from '../lib/utils';

/**
 * A scrolling box (tables with a fixed height, wide content on phones) that keyboard users can reach:
 * focusable, with a name a screen reader reads out. WCAG 2.1.1; axe rule scrollable-region-focusable.
 */
export function ScrollRegion({ label, className, ...props }: ComponentProps<'section'> & { label: string }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus so keyboard users can scroll it
    <section aria-label={label} tabIndex={0} className={cn('overflow-auto', className)} {...props} />
  );
}
