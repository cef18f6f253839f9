import { ChevronRight } from 'lucide-react';
import { Link, useLocation } from 'wouter';
import { ROUTE_LABELS } from './nav-items';

interface Crumb {
  label: string;
  href?: string;
}

// SPEC §2: Home, then the current route's label; the provider's campaign and account pages sit
// under "Email Automation" (which links to the campaigns page).
export function crumbsFor(location: string): Crumb[] {
  const crumbs: Crumb[] = [{ label: 'Home', href: '/' }];
  if (location === '/') return crumbs;
  if (location === '/smartlead/campaigns' || location === '/smartlead/email-accounts') {
    crumbs.push({ label: 'Email Automation', href: '/smartlead/campaigns' });
  }
  crumbs.push({ label: ROUTE_LABELS[location] ?? 'Page' });
  return crumbs;
}

export function Breadcrumb() {
  const [location] = useLocation();
  const crumbs = crumbsFor(location);
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
