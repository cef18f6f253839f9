import type { ComponentProps } from 'react';
import { cn } from '../../../lib/utils';

/** A card's heading at the level under the page title (h2), styled like CardTitle. */
export function SectionTitle({ className, ...props }: ComponentProps<'h2'>) {
  return <h2 className={cn('text-lg font-semibold leading-tight tracking-tight', className)} {...props} />;
}
