import { MailCheck } from 'lucide-react';
import { Link } from 'wouter';
import { cn } from '../../lib/utils';

export function Logo({ className, href = '/' }: { className?: string; href?: string }) {
  return (
    <Link
      href={href}
      className={cn('inline-flex items-center gap-2 rounded-md font-bold tracking-tight', className)}
      aria-label="Verilead home"
    >
      <span className="flex size-8 items-center justify-center rounded-lg bg-gradient-to-br from-indigo-500 to-violet-600 text-white shadow-sm">
        <MailCheck className="size-4.5" />
      </span>
      <span className="text-lg">Verilead</span>
    </Link>
  );
}
