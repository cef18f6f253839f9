import { useQuery } from '@tanstack/react-query';
import { Bot, Loader2, ShieldCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { failureToast } from '../../lib/toast';
import { Alert, AlertDescription, AlertTitle } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '../../ui/card';
import { Checkbox } from '../../ui/checkbox';
import { Label } from '../../ui/label';
import { mcpQueries, useConsentDecision } from './api';

/**
 * The OAuth consent screen: which assistant asks, for which workspace, with which permissions (each may
 * be unticked), and where it returns. Allow or Deny sends the browser back to the assistant.
 */
export function ConsentCard({ search }: { search: string }) {
  const view = useQuery(mcpQueries.consent(search));
  const [granted, setGranted] = useState<string[]>([]);
  useEffect(() => {
    if (view.data) setGranted(view.data.scopes.map((s) => s.scope));
  }, [view.data]);
  const decide = useConsentDecision({
    onSuccess: (r) => window.location.assign(r.redirectTo),
    onError: failureToast('Could not answer the assistant'),
  });
  const answer = (approve: boolean) =>
    decide.mutate({ ...Object.fromEntries(new URLSearchParams(search)), approve, granted });

  if (view.isLoading) return <Loader2 className="mx-auto size-6 animate-spin" aria-label="Loading" />;
  if (view.isError || !view.data) {
    return (
      <Alert variant="destructive">
        <AlertTitle>This connection request cannot be answered</AlertTitle>
        <AlertDescription>
          {view.error?.message ?? 'Start the connection again from your assistant.'}
        </AlertDescription>
      </Alert>
    );
  }
  const { clientName, workspace, scopes, redirectHost } = view.data;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Bot className="size-5" aria-hidden /> {clientName} wants to use Verilead
        </CardTitle>
        <CardDescription>
          It will act as you in the workspace{' '}
          <strong data-testid="consent-workspace">{workspace.name}</strong>, and returns to{' '}
          <span className="font-mono">{redirectHost}</span>. Only allow assistants you trust.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <fieldset className="space-y-2">
          <legend className="mb-1 text-sm font-medium">It may</legend>
          {scopes.map((s) => (
            <div key={s.scope} className="flex items-center gap-2 text-sm">
              <Checkbox
                id={`grant-${s.scope}`}
                checked={granted.includes(s.scope)}
                onCheckedChange={(on) =>
                  setGranted((g) => (on === true ? [...g, s.scope] : g.filter((x) => x !== s.scope)))
                }
              />
              <Label htmlFor={`grant-${s.scope}`} className="font-normal">
                {s.label} <span className="font-mono text-xs text-muted-foreground">({s.scope})</span>
              </Label>
            </div>
          ))}
        </fieldset>
      </CardContent>
      <CardFooter className="flex justify-end gap-2">
        <Button variant="outline" onClick={() => answer(false)} disabled={decide.isPending}>
          Deny
        </Button>
        <Button onClick={() => answer(true)} disabled={decide.isPending || !granted.length}>
          {decide.isPending ? <Loader2 className="animate-spin" /> : <ShieldCheck />} Allow
        </Button>
      </CardFooter>
    </Card>
  );
}
