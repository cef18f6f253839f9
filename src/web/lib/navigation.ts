import type { LucideIcon } from 'lucide-react';
import { BREADCRUMB_SECTIONS, ROUTE_DATA, type RouteData } from './route-data';

export interface NavItem {
  label: string;
  href: string;
  icon: LucideIcon;
}

export interface NavGroup {
  label: string;
  items: NavItem[];
}

export interface Crumb {
  label: string;
  href?: string;
}

/** Side bar groups, in the order their first route appears in the table. */
export function navGroups(routes: RouteData[] = ROUTE_DATA): NavGroup[] {
  const groups: NavGroup[] = [];
  for (const r of routes) {
    if (!r.nav || r.access !== 'app') continue;
    let group = groups.find((g) => g.label === r.nav?.group);
    if (!group) {
      group = { label: r.nav.group, items: [] };
      groups.push(group);
    }
    group.items.push({ label: r.label ?? r.path, href: r.path, icon: r.nav.icon });
  }
  return groups;
}

/** Whether a wouter-style pattern (`/a/:id`) matches a path, segment by segment. */
export function matchesPath(pattern: string, path: string): boolean {
  const want = pattern.split('/');
  const got = path.split('/');
  return want.length === got.length && want.every((seg, i) => seg === got[i] || (seg[0] === ':' && !!got[i]));
}

/**
 * Home, then the current route's label; a route with a `section` gets that level in between
 * (Email Automation, linking to the campaigns page).
 */
export function crumbsFor(location: string, routes: RouteData[] = ROUTE_DATA): Crumb[] {
  const crumbs: Crumb[] = [{ label: 'Home', href: '/' }];
  if (location === '/') return crumbs;
  const labelled = routes.filter((r) => r.access === 'app' && r.label);
  const route =
    labelled.find((r) => r.path === location) ?? labelled.find((r) => matchesPath(r.path, location));
  if (route?.section) crumbs.push({ label: route.section, href: BREADCRUMB_SECTIONS[route.section] });
  crumbs.push({ label: route?.label ?? 'Page not found' });
  return crumbs;
}

/**
 * The route a screen stands for: `/` with `?uploadId=` is the results screen of that upload, so the side
 * bar highlights Dashboard and the breadcrumb reads Home › Dashboard › Upload results.
 */
export function activePath(location: string, search: string): string {
  return location === '/' && new URLSearchParams(search).has('uploadId') ? '/dashboard' : location;
}

/** Breadcrumb of the current address, query included (see activePath). */
export function crumbsForAddress(
  location: string,
  search: string,
  routes: RouteData[] = ROUTE_DATA,
): Crumb[] {
  const path = activePath(location, search);
  if (path === location) return crumbsFor(location, routes);
  const crumbs = crumbsFor(path, routes);
  const last = crumbs[crumbs.length - 1];
  crumbs[crumbs.length - 1] = { ...last, href: path };
  crumbs.push({ label: 'Upload results' });
  return crumbs;
}
