import { matchesPath } from './navigation';
import type { RouteData } from './route-data';

/**
 * Whether a signed-out visitor on `path` should be asked to sign in: the path belongs to a signed-in
 * screen and nothing public (the landing page at `/`, `/subscribe`, public pages) answers it.
 */
export function needsSignIn(path: string, routes: RouteData[]): boolean {
  const matching = routes.filter((r) => r.path === path || matchesPath(r.path, path));
  const isPrivate = matching.some((r) => r.access === 'app' || r.access === 'signed-in');
  const isPublic = matching.some((r) => r.access === 'always' || r.access === 'signed-out');
  return isPrivate && !isPublic;
}

/** `/auth?next=/dashboard%3Fx%3D1`: the sign-in screen, told where to go back to. */
export function signInUrl(path: string, search: string): string {
  const next = search ? `${path}?${search.replace(/^\?/, '')}` : path;
  return `/auth?next=${encodeURIComponent(next)}`;
}

/** The `next` of the address, only when it is a path on this site (never `//evil.test` or a URL). */
export function safeNext(search: string): string | null {
  const next = new URLSearchParams(search).get('next');
  if (!next?.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return null;
  if (next === '/auth' || next.startsWith('/auth?')) return null;
  return next;
}
