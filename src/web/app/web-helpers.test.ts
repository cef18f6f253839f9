import { describe, expect, it } from 'vitest';
import { trialMessage } from '../features/home/TrialBanner';
import { crumbsFor, matchesPath, navGroups } from '../lib/navigation';
import { planFromSearch } from '../pages/auth';
import { ROUTES } from './routes';

describe('trialMessage', () => {
  it('says the trial ended', () => {
    expect(trialMessage({ trialEnded: true, trialEndDate: null })).toBe(
      'Your free trial has ended. Upgrade now to continue using the service.',
    );
  });
  it('gives the end date in the app\'s one date format, or "soon" without a date', () => {
    const iso = '2030-05-17T12:00:00.000Z';
    expect(trialMessage({ trialEnded: false, trialEndDate: iso })).toBe(
      'Your free trial ends on 17 May 2030.',
    );
    expect(trialMessage({ trialEnded: false, trialEndDate: null })).toBe('Your free trial ends soon.');
  });
});

describe('planFromSearch', () => {
  it('reads ?plan= and falls back to hobbyist', () => {
    expect(planFromSearch('?plan=professional')).toBe('professional');
    expect(planFromSearch('plan=whitelabel')).toBe('whitelabel');
    expect(planFromSearch('?plan=gold')).toBe('hobbyist');
    expect(planFromSearch('')).toBe('hobbyist');
  });
});

describe('crumbsFor', () => {
  it('starts with Home and labels the current route', () => {
    expect(crumbsFor('/').map((c) => c.label)).toEqual(['Home']);
    expect(crumbsFor('/upload').map((c) => c.label)).toEqual(['Home', 'Upload CSV']);
  });
  it('puts the provider pages under Email Automation linking to campaigns', () => {
    const crumbs = crumbsFor('/smartlead/email-accounts');
    expect(crumbs.map((c) => c.label)).toEqual(['Home', 'Email Automation', 'Email Accounts']);
    expect(crumbs[1].href).toBe('/smartlead/campaigns');
  });
});

describe('navGroups (side bar, derived from the route table)', () => {
  // Decision 0400: one entry per thing; campaigns once, the Smartlead key and API tokens under Settings.
  it('lists Main, then Email Automation, in table order', () => {
    const groups = navGroups().map((g) => [g.label, g.items.map((i) => i.label)]);
    expect(groups).toEqual([
      ['Main', ['Home', 'Upload CSV', 'Dashboard', 'History', 'Instagram Scraper', 'Email Finder']],
      [
        'Email Automation',
        [
          'Send to Smartlead',
          'Email Campaigns',
          'Replies',
          'Email Composer',
          'Email Accounts',
          'Deliverability',
          'Suppression List',
        ],
      ],
      ['Support', ['Help Center']],
    ]);
  });
  it('labels every side bar entry once', () => {
    const labels = navGroups().flatMap((g) => g.items.map((i) => i.label));
    expect(new Set(labels).size).toBe(labels.length);
  });
  it('keeps the old addresses of moved screens as redirects', () => {
    const redirects = Object.fromEntries(ROUTES.filter((r) => r.redirect).map((r) => [r.path, r.redirect]));
    expect(redirects).toMatchObject({
      '/campaign-status': '/smartlead/campaigns',
      '/smartlead-settings': '/settings/integrations',
      '/settings/api-tokens': '/settings/api',
    });
  });
  it('names an unknown address in the breadcrumb as not found', () => {
    expect(crumbsFor('/no-such-page').map((c) => c.label)).toEqual(['Home', 'Page not found']);
  });
  it('puts a campaign page under Email Automation too', () => {
    expect(crumbsFor('/smartlead/campaigns/0b0e').map((c) => c.label)).toEqual([
      'Home',
      'Email Automation',
      'Campaign',
    ]);
  });
  it('labels a parameterised route through its pattern', () => {
    expect(matchesPath('/a/:id', '/a/7')).toBe(true);
    expect(matchesPath('/a/:id', '/a')).toBe(false);
    expect(matchesPath('/a/:id', '/a/7/b')).toBe(false);
  });
});

describe('the route table and its screens', () => {
  it('binds a screen to every route that does not redirect, and none to one that does', () => {
    for (const r of ROUTES) expect([r.path, Boolean(r.page)]).toEqual([r.path, !r.redirect]);
  });
});
