import * as ProgressPrimitive from '@radix-ui/react-progress';
import type { ComponentProps } from 'react';
import { cn } from '../lib/utils';

// Value is clamped to 0-100. A progress bar needs an accessible name: pass aria-label (or
// aria-labelledby); "Progress" is only the fallback so no bar is ever unnamed.
export function Progress({ className, value, ...props }: ComponentProps<typeof ProgressPrimitive.Root>) {
  const v = Math.min(100, Math.max(0, value ?? 0));
  const named = props['aria-label'] || props['aria-labelledby'];
  return (
    <ProgressPrimitive.Root
      value={v}
      aria-label={named ? props['aria-label'] : 'Progress'}
      className={cn('relative h-2 w-full overflow-hidden rounded-full bg-secondary', className)}
      {...props}
    >
      <ProgressPrimitive.Indicator
        className="h-full w-full flex-1 bg-primary transition-transform"
        style={{ transform: `translateX(-${100 - v}%)` }}
      />
    </ProgressPrimitive.Root>
  );
}
