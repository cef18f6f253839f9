import { describe, expect, it } from 'vitest';
import { crumbsFor, matchesPath, navGroups } from '../lib/navigation';
import { planFromSearch } from '../pages/auth';
import { trialMessage } from './home/TrialBanner';

describe('trialMessage (SPEC §4)', () => {
  it('says the trial ended', () => {
    expect(trialMessage({ trialEnded: true, trialEndDate: null })).toBe(
      'Your free trial has ended. Upgrade now to continue using the service.',
    );
  });
  it('gives the end date in the local format, or "soon" without a date', () => {
    const iso = '2030-05-17T12:00:00.000Z';
    expect(trialMessage({ trialEnded: false, trialEndDate: iso })).toBe(
      `Your free trial ends on ${new Date(iso).toLocaleDateString()}.`,
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

describe('navGroups (SPEC §2 side bar, derived from the route table)', () => {
  it('lists Main, the provider group, then Email Automation, in table order', () => {
    const groups = navGroups().map((g) => [g.label, g.items.map((i) => i.label)]);
    expect(groups).toEqual([
      ['Main', ['Home', 'Upload CSV', 'Dashboard', 'History', 'Instagram Scraper']],
      ['Smartlead', ['API Settings', 'Send to Smartlead', 'Campaign Status']],
      ['Email Automation', ['Email Composer', 'Email Campaigns', 'Email Accounts']],
      ['Support', ['Help Center']],
    ]);
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
