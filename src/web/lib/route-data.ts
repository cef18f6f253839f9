import {
  AtSign,
  BarChart3,
  Camera,
  History,
  Home,
  Inbox,
  LifeBuoy,
  type LucideIcon,
  Megaphone,
  PenLine,
  Send,
  ShieldBan,
  ShieldCheck,
  Upload,
  UserSearch,
} from 'lucide-react';

// The route table's data: paths, who may open them, labels, side bar and breadcrumb places. The side
// bar, breadcrumbs and sign-in redirects read it (lib/navigation.ts, lib/sign-in.ts); app/routes.tsx
// binds a screen to each entry. Kept apart so that nothing in lib/ imports the screens.

/**
 * Who may open a route: anyone; signed out (or while the session is loading); signed in
 * without the shared layout; signed in inside the shared layout (side bar + top bar).
 */
export type RouteAccess = 'always' | 'signed-out' | 'signed-in' | 'app';

export interface RouteData {
  path: string;
  access: RouteAccess;
  /** Sends the user on to another path instead of showing a screen. */
  redirect?: string;
  /** Breadcrumb label, and the side bar label when `nav` is set. */
  label?: string;
  /** Puts the route in the side bar: the group heading (groups appear in table order) and the icon. */
  nav?: { group: string; icon: LucideIcon };
  /** A breadcrumb level between Home and this route (a key of BREADCRUMB_SECTIONS). */
  section?: keyof typeof BREADCRUMB_SECTIONS;
}

/** Intermediate breadcrumb levels, each linking to its landing route. */
export const BREADCRUMB_SECTIONS = {
  'Email Automation': '/smartlead/campaigns',
  'Email Finder': '/find',
} as const;

/**
 * The web app's route table. The side bar and the breadcrumbs are derived from it: adding a screen is
 * one entry here and its binding in app/routes.tsx.
 */
export const ROUTE_DATA: RouteData[] = [
  // Always available.
  { path: '/auth', access: 'always' },
  { path: '/features', access: 'always' },
  { path: '/pricing', access: 'always' },
  { path: '/about', access: 'always' },
  { path: '/contact', access: 'always' },
  { path: '/support', access: 'always' },
  { path: '/privacy', access: 'always' },
  { path: '/terms', access: 'always' },
  // A forgotten password: signed in or out (the mailed link may open in either).
  { path: '/forgot-password', access: 'always' },
  { path: '/reset-password', access: 'always' },
  // A team invitation: shown signed in or out (it asks to sign in before accepting).
  { path: '/invite/:token', access: 'always' },
  // Signed out (or still loading), then signed in without the shared layout.
  { path: '/', access: 'signed-out' },
  { path: '/subscribe', access: 'signed-out' },
  { path: '/help', access: 'signed-out' },
  { path: '/onboarding', access: 'signed-in' },
  // An assistant asks for access (OAuth consent of the MCP server): signed in, outside the layout.
  { path: '/oauth/authorize', access: 'signed-in' },
  { path: '/subscribe', access: 'signed-in' },
  // Navigation targets from the scraper and onboarding lead to the upload screen.
  { path: '/verifier', access: 'signed-in', redirect: '/upload' },
  { path: '/verification', access: 'signed-in', redirect: '/upload' },
  // Old addresses of screens that moved (decision 0400: one entry per thing, settings under Settings).
  { path: '/campaign-status', access: 'signed-in', redirect: '/smartlead/campaigns' },
  { path: '/smartlead-settings', access: 'signed-in', redirect: '/settings/integrations' },
  { path: '/settings/api-tokens', access: 'signed-in', redirect: '/settings/api' },
  // Signed in, inside the shared layout; side bar order is table order.
  { path: '/', access: 'app', label: 'Home', nav: { group: 'Main', icon: Home } },
  {
    path: '/upload',
    access: 'app',
    label: 'Upload CSV',
    nav: { group: 'Main', icon: Upload },
  },
  {
    path: '/dashboard',
    access: 'app',
    label: 'Dashboard',
    nav: { group: 'Main', icon: BarChart3 },
  },
  {
    path: '/history',
    access: 'app',
    label: 'History',
    nav: { group: 'Main', icon: History },
  },
  {
    path: '/instagram-scraper',
    access: 'app',
    label: 'Instagram Scraper',
    nav: { group: 'Main', icon: Camera },
  },
  {
    path: '/find',
    access: 'app',
    label: 'Email Finder',
    nav: { group: 'Main', icon: UserSearch },
  },
  { path: '/find/:id', access: 'app', label: 'Find results', section: 'Email Finder' },
  // Settings (reached from the user menu): the Smartlead key under Integrations, tokens and webhooks under API.
  {
    path: '/settings/integrations',
    access: 'app',
    label: 'Integrations',
  },
  {
    path: '/settings/account',
    access: 'app',
    label: 'Account',
  },
  {
    path: '/settings/account/email',
    access: 'app',
    label: 'Confirm email address',
  },
  { path: '/settings/api', access: 'app', label: 'API' },
  { path: '/settings/ai-assistants', access: 'app', label: 'AI assistants' },
  { path: '/settings/usage', access: 'app', label: 'Usage' },
  {
    path: '/settings/branding',
    access: 'app',
    label: 'Branding',
  },
  { path: '/settings/team', access: 'app', label: 'Team' },
  { path: '/settings/billing', access: 'app', label: 'Billing' },
  {
    path: '/settings/security',
    access: 'app',
    label: 'Security',
  },
  { path: '/settings/data', access: 'app', label: 'Your data' },
  // Email Automation (sending, campaigns, composer, accounts).
  {
    path: '/send-to-smartlead',
    access: 'app',
    label: 'Send to Smartlead',
    section: 'Email Automation',
    nav: { group: 'Email Automation', icon: Send },
  },
  {
    path: '/smartlead/campaigns',
    access: 'app',
    label: 'Email Campaigns',
    section: 'Email Automation',
    nav: { group: 'Email Automation', icon: Megaphone },
  },
  {
    path: '/smartlead/replies',
    access: 'app',
    label: 'Replies',
    section: 'Email Automation',
    nav: { group: 'Email Automation', icon: Inbox },
  },
  {
    path: '/email-composer',
    access: 'app',
    label: 'Email Composer',
    nav: { group: 'Email Automation', icon: PenLine },
  },
  {
    path: '/smartlead/campaigns/:id',
    access: 'app',
    label: 'Campaign',
    section: 'Email Automation',
  },
  {
    path: '/smartlead/email-accounts',
    access: 'app',
    label: 'Email Accounts',
    section: 'Email Automation',
    nav: { group: 'Email Automation', icon: AtSign },
  },
  {
    path: '/smartlead/deliverability',
    access: 'app',
    label: 'Deliverability',
    section: 'Email Automation',
    nav: { group: 'Email Automation', icon: ShieldCheck },
  },
  {
    path: '/suppressions',
    access: 'app',
    label: 'Suppression List',
    section: 'Email Automation',
    nav: { group: 'Email Automation', icon: ShieldBan },
  },
  {
    path: '/help',
    access: 'app',
    label: 'Help Center',
    nav: { group: 'Support', icon: LifeBuoy },
  },
];
