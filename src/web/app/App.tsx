import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense } from 'react';
import { Redirect, Route, Switch, useLocation, useSearch } from 'wouter';
import type { User } from '../../shared/auth';
import { AppLayout } from '../layout/AppLayout';
import { SkipLink } from '../layout/SkipLink';
import { queryClient } from '../lib/api';
import { useAuth } from '../lib/auth';
import { needsSignIn, signInUrl } from '../lib/sign-in';
import { BrandingEffect } from '../lib/use-branding';
import NotFoundPage from '../pages/not-found';
import { FullPageSpinner } from '../ui/FullPageSpinner';
import { PageSkeleton } from '../ui/PageSkeleton';
import { Toaster } from '../ui/toaster';
import { useFocusHeadingOnNavigate } from '../ui/use-focus-heading';
import { OnboardingGate } from './RouteGuards';
import { type AppRoute, ROUTES } from './routes';

function allowed(route: AppRoute, user: User | null): boolean {
  if (!route.page && !route.redirect) return false; // a navigation target without a screen
  if (route.access === 'always') return true;
  return route.access === 'signed-out' ? !user : Boolean(user);
}

function renderRoute(route: AppRoute, user: User | null) {
  const { path, page: Page, redirect } = route;
  if (redirect) {
    return (
      <Route key={`${route.access}:${path}`} path={path}>
        {() => <Redirect to={redirect} replace />}
      </Route>
    );
  }
  if (!Page) return null;
  if (route.access !== 'app' || !user)
    return <Route key={`${route.access}:${path}`} path={path} component={Page} />;
  return (
    // One shared key keeps the layout mounted while moving between its screens.
    <Route key="layout" path={path}>
      <AppLayout user={user}>
        <Suspense fallback={<PageSkeleton />}>
          <Page />
        </Suspense>
      </AppLayout>
    </Route>
  );
}

// The route table (routes.tsx) filtered by who may see each route, then a not-found fallback.
function Routes() {
  const { user, isLoading } = useAuth();
  const signedInUser = user && !isLoading ? user : null;
  const [location] = useLocation();
  const search = useSearch();
  useFocusHeadingOnNavigate();

  // A signed-in screen opened while signed out asks to sign in (then comes back here), never a 404.
  if (!signedInUser && needsSignIn(location, ROUTES)) {
    return isLoading ? <FullPageSpinner /> : <Redirect to={signInUrl(location, search)} replace />;
  }

  return (
    <OnboardingGate signedIn={Boolean(signedInUser)}>
      <Suspense fallback={<FullPageSpinner />}>
        <Switch>
          {ROUTES.filter((r) => allowed(r, signedInUser)).map((r) => renderRoute(r, signedInUser))}
          <Route>{() => <NotFoundPage user={signedInUser} />}</Route>
        </Switch>
      </Suspense>
    </OnboardingGate>
  );
}

export default function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <BrandingEffect />
      <SkipLink />
      <Routes />
      <Toaster />
    </QueryClientProvider>
  );
}
