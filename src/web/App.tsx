import { QueryClientProvider } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { AppLayout } from './components/layout/AppLayout';
import { OnboardingGate } from './components/RouteGuards';
import { Toaster } from './components/ui/toaster';
import { useAuth } from './hooks/use-auth';
import { queryClient } from './lib/api';
import AboutPage from './pages/about';
import AuthPage from './pages/auth';
import CampaignStatusPage from './pages/campaign-status';
import ContactPage from './pages/contact';
import DashboardPage from './pages/dashboard';
import FeaturesPage from './pages/features';
import HistoryPage from './pages/history';
import HomePage from './pages/home';
import InstagramScraperPage from './pages/instagram-scraper';
import LandingPage from './pages/landing';
import NotFoundPage from './pages/not-found';
import OnboardingPage from './pages/onboarding';
import PricingPage from './pages/pricing';
import PrivacyPage from './pages/privacy';
import SendToSmartleadPage from './pages/send-to-smartlead';
import SmartleadSettingsPage from './pages/smartlead-settings';
import SubscribePage from './pages/subscribe';
import SupportPage from './pages/support';
import TermsPage from './pages/terms';
import UploadPage from './pages/upload';

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
];

// The route table of SPEC §2, in one place. Routes are grouped by who may see them:
// always-available pages first, then signed-out (or still loading) pages, then signed-in pages.
function Routes() {
  const { user, isLoading } = useAuth();
  const signedIn = Boolean(user) && !isLoading;

  return (
    <OnboardingGate signedIn={signedIn}>
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
                <Page />
              </AppLayout>
            </Route>
          ))}

        <Route component={NotFoundPage} />
      </Switch>
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
