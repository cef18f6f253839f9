import { ChevronRight } from 'lucide-react';
import { Link, useLocation, useSearch } from 'wouter';
import { activePath, navGroups } from '../lib/navigation';
import { cn } from '../lib/utils';
import { Logo } from '../ui/Logo';

const NAV_GROUPS = navGroups();

export function Sidebar({ onNavigate }: { onNavigate?: () => void }) {
  const [rawLocation] = useLocation();
  const location = activePath(rawLocation, useSearch());
  return (
    <nav aria-label="Main navigation" className="flex h-full flex-col gap-6 bg-sidebar px-3 py-5">
      <div className="px-2">
        <Logo />
      </div>
      {NAV_GROUPS.map((group) => (
        <div key={group.label} className="flex flex-col gap-1">
          <p className="px-3 pb-1 text-[11px] font-semibold uppercase tracking-wider text-muted-foreground">
            {group.label}
          </p>
          <ul className="flex flex-col gap-0.5">
            {group.items.map((item) => {
              // A screen under an entry (a find's results under Email Finder) keeps that entry lit.
              const active =
                location === item.href || (item.href !== '/' && location.startsWith(`${item.href}/`));
              const Icon = item.icon;
              return (
                <li key={item.href}>
                  <Link
                    href={item.href}
                    onClick={onNavigate}
                    aria-current={active ? 'page' : undefined}
                    className={cn(
                      'group flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                      active
                        ? 'bg-primary/10 text-primary'
                        : 'text-muted-foreground hover:bg-accent hover:text-foreground',
                    )}
                  >
                    <Icon className="size-4 shrink-0" />
                    <span className="flex-1 truncate">{item.label}</span>
                    {active && (
                      <ChevronRight className="size-4" aria-hidden="true" data-testid="nav-active-chevron" />
                    )}
                  </Link>
                </li>
              );
            })}
          </ul>
        </div>
      ))}
    </nav>
  );
}
