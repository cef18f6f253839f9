import { useMutation } from '@tanstack/react-query';
import { Loader2, Rocket } from 'lucide-react';
import { useLocation } from 'wouter';
import { MinimalHeader } from '../components/layout/MinimalHeader';
import { Button } from '../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../components/ui/card';
import { ONBOARDING_STATUS_KEY } from '../hooks/use-onboarding';
import { toast } from '../hooks/use-toast';
import { apiRequest, queryClient } from '../lib/api';

// Shell owned by a later issue (the five-step wizard). It already lets a new user finish
// onboarding so the redirect rule of SPEC §2 never traps anyone.
export default function OnboardingPage() {
  const [, navigate] = useLocation();
  const finish = useMutation({
    mutationFn: () =>
      apiRequest('POST', '/api/onboarding/progress', { step: 4, profile: {}, completed: true }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ONBOARDING_STATUS_KEY });
      navigate('/');
      toast({ title: 'Welcome to Verilead!', description: 'Your workspace is ready.', variant: 'success' });
    },
    onError: () => toast({ title: 'Error saving progress', variant: 'destructive' }),
  });
  return (
    <div className="min-h-screen bg-gradient-to-b from-indigo-50 to-background">
      <MinimalHeader />
      <div className="mx-auto max-w-2xl px-4 py-10">
        <Card>
          <CardHeader>
            <CardTitle className="text-2xl">Welcome to Verilead</CardTitle>
            <CardDescription>
              Tell us about your business, audience, goal and experience so we can tailor your workspace.
            </CardDescription>
          </CardHeader>
          <CardContent className="flex justify-end">
            <Button onClick={() => finish.mutate()} disabled={finish.isPending}>
              {finish.isPending ? <Loader2 className="animate-spin" /> : <Rocket />}
              Get Started
            </Button>
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
