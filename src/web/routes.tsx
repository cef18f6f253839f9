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
  Upload,
} from 'lucide-react';
import { type ComponentType, lazy } from 'react';
import AboutPage from './pages/about';
import AuthPage from './pages/auth';
import ContactPage from './pages/contact';
import FeaturesPage from './pages/features';
import HelpPage, { PublicHelpPage } from './pages/help';
import HomePage from './pages/home';
import LandingPage from './pages/landing';
// Eager: it is the first screen after sign-up, so it should appear without a loading flash.
import OnboardingPage from './pages/onboarding';
import PricingPage from './pages/pricing';
import PrivacyPage from './pages/privacy';
import SupportPage from './pages/support';
import TermsPage from './pages/terms';

/**
 * Who may open a route (SPEC §2): anyone; signed out (or while the session is loading); signed in
 * without the shared layout; signed in inside the shared layout (side bar + top bar).
 */
export type RouteAccess = 'always' | 'signed-out' | 'signed-in' | 'app';

export interface AppRoute {
  path: string;
  access: RouteAccess;
  /** The screen. A route with neither `page` nor `redirect` is a navigation target only (it has a label). */
  page?: ComponentType;
  /** Sends the user on to another path instead of showing a screen. */
  redirect?: string;
  /** Breadcrumb label, and the side bar label when `nav` is set. */
  label?: string;
  /** Puts the route in the side bar: the group heading (groups appear in table order) and the icon. */
  nav?: { group: string; icon: LucideIcon };
  /** A breadcrumb level between Home and this route (a key of BREADCRUMB_SECTIONS). */
  section?: keyof typeof BREADCRUMB_SECTIONS;
}

/** Intermediate breadcrumb levels, each linking to its landing route (SPEC §2). */
export const BREADCRUMB_SECTIONS = {
  'Email Automation': '/smartlead/campaigns',
} as const;

const SubscribePage = lazy(() => import('./pages/subscribe'));
const page = (load: () => Promise<{ default: ComponentType }>) => lazy(load);

/**
 * The web app's route table (SPEC §2). App.tsx renders it, the side bar and the breadcrumbs are derived
 * from it: adding a screen is one entry here. Screens with heavy dependencies (charts, payment SDK) load
 * on demand so the public site stays light.
 */
export const ROUTES: AppRoute[] = [
  // Always available.
  { path: '/auth', access: 'always', page: AuthPage },
  { path: '/features', access: 'always', page: FeaturesPage },
  { path: '/pricing', access: 'always', page: PricingPage },
  { path: '/about', access: 'always', page: AboutPage },
  { path: '/contact', access: 'always', page: ContactPage },
  { path: '/support', access: 'always', page: SupportPage },
  { path: '/privacy', access: 'always', page: PrivacyPage },
  { path: '/terms', access: 'always', page: TermsPage },
  // A forgotten password: signed in or out (the mailed link may open in either).
  { path: '/forgot-password', access: 'always', page: page(() => import('./pages/forgot-password')) },
  { path: '/reset-password', access: 'always', page: page(() => import('./pages/reset-password')) },
  // A team invitation: shown signed in or out (it asks to sign in before accepting).
  { path: '/invite/:token', access: 'always', page: page(() => import('./pages/invite')) },
  // Signed out (or still loading), then signed in without the shared layout.
  { path: '/', access: 'signed-out', page: LandingPage },
  { path: '/subscribe', access: 'signed-out', page: SubscribePage },
  { path: '/help', access: 'signed-out', page: PublicHelpPage },
  { path: '/onboarding', access: 'signed-in', page: OnboardingPage },
  { path: '/subscribe', access: 'signed-in', page: SubscribePage },
  // Navigation targets from the scraper and onboarding lead to the upload screen.
  { path: '/verifier', access: 'signed-in', redirect: '/upload' },
  { path: '/verification', access: 'signed-in', redirect: '/upload' },
  // Old addresses of screens that moved (issue 27: one entry per thing, settings under Settings).
  { path: '/campaign-status', access: 'signed-in', redirect: '/smartlead/campaigns' },
  { path: '/smartlead-settings', access: 'signed-in', redirect: '/settings/integrations' },
  { path: '/settings/api-tokens', access: 'signed-in', redirect: '/settings/api' },
  // Signed in, inside the shared layout; side bar order is table order.
  { path: '/', access: 'app', page: HomePage, label: 'Home', nav: { group: 'Main', icon: Home } },
  {
    path: '/upload',
    access: 'app',
    page: page(() => import('./pages/upload')),
    label: 'Upload CSV',
    nav: { group: 'Main', icon: Upload },
  },
  {
    path: '/dashboard',
    access: 'app',
    page: page(() => import('./pages/dashboard')),
    label: 'Dashboard',
    nav: { group: 'Main', icon: BarChart3 },
  },
  {
    path: '/history',
    access: 'app',
    page: page(() => import('./pages/history')),
    label: 'History',
    nav: { group: 'Main', icon: History },
  },
  {
    path: '/instagram-scraper',
    access: 'app',
    page: page(() => import('./pages/instagram-scraper')),
    label: 'Instagram Scraper',
    nav: { group: 'Main', icon: Camera },
  },
  // Settings (reached from the user menu): the Smartlead key under Integrations, tokens and webhooks under API.
  {
    path: '/settings/integrations',
    access: 'app',
    page: page(() => import('./pages/integrations')),
    label: 'Integrations',
  },
  {
    path: '/settings/account',
    access: 'app',
    page: page(() => import('./pages/account')),
    label: 'Account',
  },
  {
    path: '/settings/account/email',
    access: 'app',
    page: page(() => import('./pages/account-email')),
    label: 'Confirm email address',
  },
  { path: '/settings/api', access: 'app', page: page(() => import('./pages/settings-api')), label: 'API' },
  { path: '/settings/usage', access: 'app', page: page(() => import('./pages/usage')), label: 'Usage' },
  {
    path: '/settings/branding',
    access: 'app',
    page: page(() => import('./pages/branding')),
    label: 'Branding',
  },
  { path: '/settings/team', access: 'app', page: page(() => import('./pages/team')), label: 'Team' },
  { path: '/settings/billing', access: 'app', page: page(() => import('./pages/billing')), label: 'Billing' },
  {
    path: '/settings/security',
    access: 'app',
    page: page(() => import('./pages/security')),
    label: 'Security',
  },
  { path: '/settings/data', access: 'app', page: page(() => import('./pages/data')), label: 'Your data' },
  // Email Automation (SPEC §2 navigation targets, built out: sending, campaigns, composer, accounts).
  {
    path: '/send-to-smartlead',
    access: 'app',
    page: page(() => import('./pages/send-to-smartlead')),
    label: 'Send to Smartlead',
    section: 'Email Automation',
    nav: { group: 'Email Automation', icon: Send },
  },
  {
    path: '/smartlead/campaigns',
    access: 'app',
    page: page(() => import('./pages/email-campaigns')),
    label: 'Email Campaigns',
    section: 'Email Automation',
    nav: { group: 'Email Automation', icon: Megaphone },
  },
  {
    path: '/smartlead/replies',
    access: 'app',
    page: page(() => import('./pages/replies')),
    label: 'Replies',
    section: 'Email Automation',
    nav: { group: 'Email Automation', icon: Inbox },
  },
  {
    path: '/email-composer',
    access: 'app',
    page: page(() => import('./pages/email-composer')),
    label: 'Email Composer',
    nav: { group: 'Email Automation', icon: PenLine },
  },
  {
    path: '/smartlead/campaigns/:id',
    access: 'app',
    page: page(() => import('./pages/email-campaign')),
    label: 'Campaign',
    section: 'Email Automation',
  },
  {
    path: '/smartlead/email-accounts',
    access: 'app',
    page: page(() => import('./pages/email-accounts')),
    label: 'Email Accounts',
    section: 'Email Automation',
    nav: { group: 'Email Automation', icon: AtSign },
  },
  {
    path: '/suppressions',
    access: 'app',
    page: page(() => import('./pages/suppressions')),
    label: 'Suppression List',
    section: 'Email Automation',
    nav: { group: 'Email Automation', icon: ShieldBan },
  },
  {
    path: '/help',
    access: 'app',
    page: HelpPage,
    label: 'Help Center',
    nav: { group: 'Support', icon: LifeBuoy },
  },
];
