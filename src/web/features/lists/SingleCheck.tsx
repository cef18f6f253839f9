import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2, MailSearch } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { type SingleCheckInput, singleCheckBodySchema } from '../../../shared/api-v1';
import { reasonText } from '../../../shared/verification';
import { errorMessage } from '../../lib/api';
import { Alert, AlertDescription } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { Input } from '../../ui/input';
import { Label } from '../../ui/label';
import { useSingleCheck } from './api';
import { RowDetail, SuppressedBadge } from './RowDetail';
import { RowStatusBadge } from './status';

/** One address checked on the spot (the API's single verification): verdict, reason, provider, typo hint. */
export function SingleCheck() {
  const form = useForm<SingleCheckInput>({
    resolver: zodResolver(singleCheckBodySchema),
    defaultValues: { email: '' },
  });
  const check = useSingleCheck();
  const error = form.formState.errors.email?.message;
  const answer = check.data;
  const r = answer?.result ?? null;

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-lg">
          <MailSearch className="size-5" aria-hidden /> Check one address
        </CardTitle>
        <CardDescription>
          Both checks on a single address, in a few seconds. Counts as one verification.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <form
          noValidate
          onSubmit={form.handleSubmit((input) => check.mutate(input))}
          className="flex flex-col gap-3 sm:flex-row sm:items-end"
        >
          <div className="flex-1 space-y-1.5">
            <Label htmlFor="single-check-email">Email address</Label>
            <Input
              id="single-check-email"
              type="email"
              placeholder="name@company.com"
              aria-invalid={Boolean(error)}
              aria-describedby={error ? 'single-check-error' : undefined}
              {...form.register('email')}
            />
            {error && (
              <p id="single-check-error" className="text-sm text-destructive">
                {error}
              </p>
            )}
          </div>
          <Button type="submit" disabled={check.isPending}>
            {check.isPending ? <Loader2 className="animate-spin" /> : <MailSearch />} Check
          </Button>
        </form>
        <div aria-live="polite" data-testid="single-check-result">
          {check.isPending && <p className="text-sm text-muted-foreground">Checking…</p>}
          {check.isError && (
            <Alert variant="destructive">
              <AlertDescription>{errorMessage(check.error, 'The check could not be made.')}</AlertDescription>
            </Alert>
          )}
          {answer?.status === 'pending' && (
            <p className="text-sm text-muted-foreground">
              The mail server has not answered yet. The result will be in History when it does.
            </p>
          )}
          {answer?.status === 'done' && r && (
            <div className="space-y-1 rounded-md border p-3 text-sm">
              <div className="flex flex-wrap items-center gap-2">
                <span className="break-all font-medium">{r.email.email}</span>
                <RowStatusBadge status={r.finalStatus} />
                {r.suppressed && <SuppressedBadge />}
              </div>
              {r.reason && <p>{reasonText(r.reason)}</p>}
              <p className="text-muted-foreground">Mail provider: {r.provider?.name ?? 'not recognised'}</p>
              {r.score !== null && <p className="text-muted-foreground">Confidence: {r.score} / 100</p>}
              {r.suggestion && (
                <p>
                  Did you mean <strong>{r.suggestion}</strong>?
                </p>
              )}
              <RowDetail r={r} />
            </div>
          )}
        </div>
      </CardContent>
    </Card>
  );
}
