import { describe, expect, it } from 'vitest';
import { ROUTE_DATA as ROUTES } from './route-data';
import { needsSignIn, safeNext, signInUrl } from './sign-in';

describe('sign-in prompts for signed-out visitors', () => {
  it('asks on signed-in screens only', () => {
    expect(needsSignIn('/dashboard', ROUTES)).toBe(true);
    expect(needsSignIn('/settings/api-tokens', ROUTES)).toBe(true);
    expect(needsSignIn('/onboarding', ROUTES)).toBe(true);
    // The landing page, /subscribe, public pages and unknown paths are not sign-in screens.
    for (const p of ['/', '/subscribe', '/pricing', '/help', '/no-such-page'])
      expect(needsSignIn(p, ROUTES)).toBe(false);
  });

  it('comes back to the same place, and only to this site', () => {
    expect(signInUrl('/history', '')).toBe('/auth?next=%2Fhistory');
    expect(safeNext(signInUrl('/', '?uploadId=abc').slice('/auth'.length))).toBe('/?uploadId=abc');
    expect(safeNext('?next=//evil.test/x')).toBeNull();
    expect(safeNext('?next=https://evil.test')).toBeNull();
    expect(safeNext('?next=/auth')).toBeNull();
    expect(safeNext('')).toBeNull();
  });
});

describe('the results screen at /?uploadId=', () => {
  it('is Dashboard in the side bar and the breadcrumb', async () => {
    const { activePath, crumbsForAddress } = await import('./navigation');
    expect(activePath('/', '?uploadId=abc')).toBe('/dashboard');
    expect(activePath('/', '')).toBe('/');
    expect(crumbsForAddress('/', '?uploadId=abc')).toEqual([
      { label: 'Home', href: '/' },
      { label: 'Dashboard', href: '/dashboard' },
      { label: 'Upload results' },
    ]);
    expect(crumbsForAddress('/history', '')).toEqual([{ label: 'Home', href: '/' }, { label: 'History' }]);
  });
});
