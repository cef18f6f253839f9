import { ChevronRight } from 'lucide-react';
import { Link, useLocation, useSearch } from 'wouter';
import { crumbsForAddress } from '../../lib/navigation';

export function Breadcrumb() {
  const [location] = useLocation();
  const crumbs = crumbsForAddress(location, useSearch());
  return (
    <nav aria-label="Breadcrumb">
      <ol className="flex items-center gap-1.5 text-sm">
        {crumbs.map((c, i) => {
          const last = i === crumbs.length - 1;
          return (
            <li key={c.label} className="flex items-center gap-1.5">
              {i > 0 && <ChevronRight className="size-3.5 text-muted-foreground" aria-hidden="true" />}
              {last || !c.href ? (
                <span aria-current={last ? 'page' : undefined} className="font-medium text-foreground">
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
