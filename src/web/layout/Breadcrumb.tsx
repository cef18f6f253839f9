import { ChevronRight } from 'lucide-react';
import { Link, useLocation, useSearch } from 'wouter';
import { crumbsForAddress } from '../lib/navigation';

export function Breadcrumb() {
  const [location] = useLocation();
  const crumbs = crumbsForAddress(location, useSearch());
  return (
    <nav aria-label="Breadcrumb" className="min-w-0">
      <ol className="flex min-w-0 items-center gap-1.5 text-sm">
        {crumbs.map((c, i) => {
          const last = i === crumbs.length - 1;
          return (
            // Phones keep the current screen only: three levels beside the menus pushed the page sideways.
            <li
              key={c.label}
              className={last ? 'flex min-w-0 items-center gap-1.5' : 'hidden items-center gap-1.5 sm:flex'}
            >
              {i > 0 && (
                <ChevronRight className="hidden size-3.5 text-muted-foreground sm:block" aria-hidden="true" />
              )}
              {last || !c.href ? (
                <span
                  aria-current={last ? 'page' : undefined}
                  className="truncate font-medium text-foreground"
                >
                  {c.label}
                </span>
              ) : (
                <Link href={c.href} className="text-muted-foreground transition-colors hover:text-foreground">
                  {c.label}
                </Link>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
