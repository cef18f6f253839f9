import { MailCheck } from 'lucide-react';
import { Link } from 'wouter';
import { useBranding } from '../lib/use-branding';
import { cn } from '../lib/utils';

/** The product's mark and name: Verilead's, or a White Label workspace's (custom domain or signed in). */
export function Logo({ className, href = '/' }: { className?: string; href?: string }) {
  const { productName, logoUrl, source } = useBranding();
  return (
    <Link
      href={href}
      className={cn('inline-flex min-w-0 items-center gap-2 rounded-md font-bold tracking-tight', className)}
      aria-label={`${productName} home`}
      data-testid="brand-logo"
    >
      {logoUrl ? (
        <img src={logoUrl} alt="" className="size-8 shrink-0 rounded-lg object-contain" />
      ) : (
        <span
          className={cn(
            'flex size-8 shrink-0 items-center justify-center rounded-lg shadow-sm',
            source === 'default'
              ? 'bg-gradient-to-br from-indigo-500 to-violet-600 text-white'
              : 'bg-primary text-primary-foreground',
          )}
        >
          <MailCheck className="size-4.5" />
        </span>
      )}
      <span className="truncate text-lg" data-testid="brand-name">
        {productName}
      </span>
    </Link>
  );
}
