import { QueryClientProvider } from '@tanstack/react-query';
import { type ComponentType, lazy, Suspense } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { FullPageSpinner } from './components/FullPageSpinner';
import { AppLayout } from './components/layout/AppLayout';
import { PageSkeleton } from './components/PageSkeleton';
import { OnboardingGate } from './components/RouteGuards';
import { Toaster } from './components/ui/toaster';
import { useAuth } from './hooks/use-auth';
import { queryClient } from './lib/api';
import AboutPage from './pages/about';
import AuthPage from './pages/auth';
import ContactPage from './pages/contact';
import FeaturesPage from './pages/features';
import HomePage from './pages/home';
import LandingPage from './pages/landing';
import NotFoundPage from './pages/not-found';
// Eager: it is the first screen after sign-up, so it should appear without a loading flash.
import OnboardingPage from './pages/onboarding';
import PricingPage from './pages/pricing';
import PrivacyPage from './pages/privacy';
import SupportPage from './pages/support';
import TermsPage from './pages/terms';

// Screens with heavy dependencies (charts, payment SDK) load on demand; the public site stays light.
const ApiTokensPage = lazy(() => import('./pages/api-tokens'));
const CampaignStatusPage = lazy(() => import('./pages/campaign-status'));
const DashboardPage = lazy(() => import('./pages/dashboard'));
const HistoryPage = lazy(() => import('./pages/history'));
const InstagramScraperPage = lazy(() => import('./pages/instagram-scraper'));
const SendToSmartleadPage = lazy(() => import('./pages/send-to-smartlead'));
const SmartleadSettingsPage = lazy(() => import('./pages/smartlead-settings'));
const SubscribePage = lazy(() => import('./pages/subscribe'));
const UploadPage = lazy(() => import('./pages/upload'));

// Signed-in screens inside the shared layout (side bar + top bar).
const LAYOUT_ROUTES: [string, ComponentType][] = [
  ['/', HomePage],
  ['/upload', UploadPage],
  ['/dashboard', DashboardPage],
  ['/history', HistoryPage],
  ['/smartlead-settings', SmartleadSettingsPage],
  ['/send-to-smartlead', SendToSmartleadPage],
  ['/campaign-status', CampaignStatusPage],
  ['/instagram-scraper', InstagramScraperPage],
  ['/settings/api-tokens', ApiTokensPage],
];

// The route table of SPEC §2, in one place. Routes are grouped by who may see them:
// always-available pages first, then signed-out (or still loading) pages, then signed-in pages.
function Routes() {
  const { user, isLoading } = useAuth();
  const signedIn = Boolean(user) && !isLoading;

  return (
    <OnboardingGate signedIn={signedIn}>
      <Suspense fallback={<FullPageSpinner />}>
        <Switch>
          <Route path="/auth" component={AuthPage} />
          <Route path="/features" component={FeaturesPage} />
          <Route path="/pricing" component={PricingPage} />
          <Route path="/about" component={AboutPage} />
          <Route path="/contact" component={ContactPage} />
          <Route path="/support" component={SupportPage} />
          <Route path="/privacy" component={PrivacyPage} />
          <Route path="/terms" component={TermsPage} />

          {!signedIn && <Route path="/" component={LandingPage} />}
          {!signedIn && <Route path="/subscribe" component={SubscribePage} />}

          {signedIn && <Route path="/onboarding" component={OnboardingPage} />}
          {signedIn && <Route path="/subscribe" component={SubscribePage} />}
          {/* Navigation targets from the scraper and onboarding lead to the upload screen. */}
          {signedIn && <Route path="/verifier">{() => <Redirect to="/upload" replace />}</Route>}
          {signedIn && <Route path="/verification">{() => <Redirect to="/upload" replace />}</Route>}

          {signedIn &&
            user &&
            LAYOUT_ROUTES.map(([path, Page]) => (
              // One shared key keeps the layout mounted while moving between its screens.
              <Route key="layout" path={path}>
                <AppLayout user={user}>
                  <Suspense fallback={<PageSkeleton />}>
                    <Page />
                  </Suspense>
                </AppLayout>
              </Route>
            ))}

          <Route component={NotFoundPage} />
        </Switch>
      </Suspense>
    </OnboardingGate>
  );
}

export default function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <Routes />
      <Toaster />
    </QueryClientProvider>
  );
}
