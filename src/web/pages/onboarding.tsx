import { useQuery } from '@tanstack/react-query';
import { AlertCircle } from 'lucide-react';
import { onboardingQueries } from '../features/onboarding/api';
import { Wizard } from '../features/onboarding/Wizard';
import { MinimalHeader } from '../layout/MinimalHeader';
import { useAuth } from '../lib/auth';
import { Button } from '../ui/button';
import { Card, CardContent } from '../ui/card';

// Onboarding: five steps; the saved step and answers are restored on load.
export default function OnboardingPage() {
  const { user } = useAuth();
  const status = useQuery(onboardingQueries.status(Boolean(user)));

  return (
    <div className="min-h-screen bg-gradient-to-b from-indigo-50 via-background to-background">
      <MinimalHeader />
      <main id="main" className="mx-auto flex max-w-3xl flex-col gap-8 px-4 py-10">
        <div className="text-center">
          <h1 className="text-3xl font-bold tracking-tight">
            Welcome{user?.firstName ? `, ${user.firstName}` : ''}! Let's set up your workspace
          </h1>
          <p className="mt-2 text-muted-foreground">
            A few quick questions so we can point you to the right tools.
          </p>
        </div>
        {status.isLoading && (
          <div className="flex justify-center py-16" role="status" aria-live="polite">
            <span className="size-8 animate-spin rounded-full border-4 border-primary border-t-transparent" />
            <span className="sr-only">Loading your progress</span>
          </div>
        )}
        {status.isError && (
          <Card>
            <CardContent className="flex flex-col items-center gap-4 pt-6 text-center">
              <AlertCircle className="size-8 text-destructive" aria-hidden="true" />
              <p>We could not load your onboarding progress.</p>
              <Button variant="outline" onClick={() => status.refetch()}>
                Try again
              </Button>
            </CardContent>
          </Card>
        )}
        {status.data && <Wizard initial={status.data} />}
      </main>
    </div>
  );
}
