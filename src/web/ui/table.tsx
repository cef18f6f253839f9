import type { ComponentProps } from 'react';
import { cn } from '../lib/utils';

/**
 * `bare`: no scrolling wrapper, for a table inside its own (focusable, labelled) scroll region; two
 * nested scrollers would leave the inner one unreachable by keyboard.
 */
export function Table({ className, bare, ...props }: ComponentProps<'table'> & { bare?: boolean }) {
  const table = <table className={cn('w-full caption-bottom text-sm', className)} {...props} />;
  if (bare) return table;
  return <div className="relative w-full overflow-auto">{table}</div>;
}

export function TableHeader({ className, ...props }: ComponentProps<'thead'>) {
  return <thead className={cn('[&_tr]:border-b', className)} {...props} />;
}

export function TableBody({ className, ...props }: ComponentProps<'tbody'>) {
  return <tbody className={cn('[&_tr:last-child]:border-0', className)} {...props} />;
}

export function TableRow({ className, ...props }: ComponentProps<'tr'>) {
  return <tr className={cn('border-b transition-colors hover:bg-muted/50', className)} {...props} />;
}

export function TableHead({ className, ...props }: ComponentProps<'th'>) {
  return (
    <th
      className={cn(
        'h-10 px-3 text-left align-middle text-xs font-semibold text-muted-foreground',
        className,
      )}
      {...props}
    />
  );
}

export function TableCell({ className, ...props }: ComponentProps<'td'>) {
  return <td className={cn('px-3 py-2.5 align-middle', className)} {...props} />;
}
