import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Redirect, useLocation } from 'wouter';
import { onboardingQueries } from '../features/onboarding/api';
import { FullPageSpinner } from '../ui/FullPageSpinner';

// The redirect rule: a signed-in user whose onboarding is not complete goes to /onboarding
// (except on /onboarding, /auth, an invitation and the password screens); a completed user opening /onboarding goes to /.
export function OnboardingGate({ signedIn, children }: { signedIn: boolean; children: ReactNode }) {
  const [location] = useLocation();
  const status = useQuery(onboardingQueries.status(signedIn));
  if (!signedIn) return <>{children}</>;
  // An invitation is accepted before the new account's onboarding; a mailed password link works at once.
  const exempt =
    location === '/onboarding' ||
    location === '/auth' ||
    location.startsWith('/invite/') ||
    location === '/reset-password' ||
    location === '/forgot-password';
  if (status.isLoading && !exempt) return <FullPageSpinner />;
  // If the status call fails we do not trap the user in a redirect loop; the screens still work.
  if (status.data) {
    if (!status.data.completed && !exempt) return <Redirect to="/onboarding" replace />;
    if (status.data.completed && location === '/onboarding') return <Redirect to="/" replace />;
  }
  return <>{children}</>;
}
