import { type ComponentType, lazy } from 'react';
import { ROUTE_DATA, type RouteData } from '../lib/route-data';
import AboutPage from '../pages/about';
import AuthPage from '../pages/auth';
import ContactPage from '../pages/contact';
import FeaturesPage from '../pages/features';
import HelpPage, { PublicHelpPage } from '../pages/help';
import HomePage from '../pages/home';
import LandingPage from '../pages/landing';
// Eager: it is the first screen after sign-up, so it should appear without a loading flash.
import OnboardingPage from '../pages/onboarding';
import PricingPage from '../pages/pricing';
import PrivacyPage from '../pages/privacy';
import SupportPage from '../pages/support';
import TermsPage from '../pages/terms';

export interface AppRoute extends RouteData {
  /** The screen. A route with neither `page` nor `redirect` is a navigation target only (it has a label). */
  page?: ComponentType;
}

const SubscribePage = lazy(() => import('../pages/subscribe'));
const page = (load: () => Promise<{ default: ComponentType }>) => lazy(load);

/**
 * The screen of each route of lib/route-data.ts, by access and path. Screens with heavy dependencies
 * (charts, payment SDK) load on demand so the public site stays light.
 */
const PAGES: Record<string, ComponentType> = {
  'always /auth': AuthPage,
  'always /features': FeaturesPage,
  'always /pricing': PricingPage,
  'always /about': AboutPage,
  'always /contact': ContactPage,
  'always /support': SupportPage,
  'always /privacy': PrivacyPage,
  'always /terms': TermsPage,
  'always /forgot-password': page(() => import('../pages/forgot-password')),
  'always /reset-password': page(() => import('../pages/reset-password')),
  'always /invite/:token': page(() => import('../pages/invite')),
  'signed-out /': LandingPage,
  'signed-out /subscribe': SubscribePage,
  'signed-out /help': PublicHelpPage,
  'signed-in /onboarding': OnboardingPage,
  'signed-in /oauth/authorize': page(() => import('../pages/oauth-authorize')),
  'signed-in /subscribe': SubscribePage,
  'app /': HomePage,
  'app /upload': page(() => import('../pages/upload')),
  'app /dashboard': page(() => import('../pages/dashboard')),
  'app /history': page(() => import('../pages/history')),
  'app /instagram-scraper': page(() => import('../pages/instagram-scraper')),
  'app /find': page(() => import('../pages/find')),
  'app /find/:id': page(() => import('../pages/find-results')),
  'app /settings/integrations': page(() => import('../pages/integrations')),
  'app /settings/account': page(() => import('../pages/account')),
  'app /settings/account/email': page(() => import('../pages/account-email')),
  'app /settings/api': page(() => import('../pages/settings-api')),
  'app /settings/ai-assistants': page(() => import('../pages/settings-ai-assistants')),
  'app /settings/usage': page(() => import('../pages/usage')),
  'app /settings/branding': page(() => import('../pages/branding')),
  'app /settings/team': page(() => import('../pages/team')),
  'app /settings/billing': page(() => import('../pages/billing')),
  'app /settings/security': page(() => import('../pages/security')),
  'app /settings/data': page(() => import('../pages/data')),
  'app /send-to-smartlead': page(() => import('../pages/send-to-smartlead')),
  'app /smartlead/campaigns': page(() => import('../pages/email-campaigns')),
  'app /smartlead/replies': page(() => import('../pages/replies')),
  'app /email-composer': page(() => import('../pages/email-composer')),
  'app /smartlead/campaigns/:id': page(() => import('../pages/email-campaign')),
  'app /smartlead/email-accounts': page(() => import('../pages/email-accounts')),
  'app /suppressions': page(() => import('../pages/suppressions')),
  'app /smartlead/deliverability': page(() => import('../pages/deliverability')),
  'app /help': HelpPage,
};

/** The route table with its screens: App.tsx renders it. */
export const ROUTES: AppRoute[] = ROUTE_DATA.map((r) => ({ ...r, page: PAGES[`${r.access} ${r.path}`] }));
