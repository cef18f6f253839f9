import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { Loader2, MailCheck } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link } from 'wouter';
import { type ForgotPasswordInput, forgotPasswordSchema } from '../../../shared/account';
import { errorMessage } from '../../lib/api';
import { Alert, AlertDescription, AlertTitle } from '../../ui/alert';
import { Button } from '../../ui/button';
import { FormField } from '../../ui/form-field';
import { AuthShell } from './AuthShell';
import { accountQueries, useRequestPasswordReset } from './api';

/** Forgotten password: a link by mail, or (no relay on this server) whom to ask. */
export function ForgotPassword() {
  const info = useQuery(accountQueries.resetInfo());
  const form = useForm<ForgotPasswordInput>({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email: '' },
  });
  const send = useRequestPasswordReset();
  return (
    <AuthShell title="Forgot your password?" intro="We will send a link to choose a new one.">
      {info.isLoading ? (
        <div className="flex justify-center py-8">
          <Loader2 className="size-6 animate-spin text-muted-foreground" aria-label="Loading" />
        </div>
      ) : info.isError || !info.data ? (
        <Alert variant="destructive">
          <AlertTitle>Could not load this page</AlertTitle>
          <AlertDescription className="mt-2 space-y-2">
            <p>{errorMessage(info.error, 'Please try again.')}</p>
            <Button size="sm" variant="outline" onClick={() => info.refetch()}>
              Retry
            </Button>
          </AlertDescription>
        </Alert>
      ) : !info.data.mailEnabled ? (
        <Alert data-testid="reset-no-mail">
          <AlertTitle>This server sends no email</AlertTitle>
          <AlertDescription>
            Ask {info.data.contact} for a password reset link: they can make one for your account.
          </AlertDescription>
        </Alert>
      ) : send.isSuccess ? (
        <Alert data-testid="reset-sent" role="status">
          <MailCheck />
          <AlertTitle>Check your email</AlertTitle>
          <AlertDescription>{send.data.message}</AlertDescription>
        </Alert>
      ) : (
        <form className="grid gap-4" noValidate onSubmit={form.handleSubmit((v) => send.mutate(v))}>
          <FormField
            id="forgot-email"
            label="Email"
            type="email"
            autoComplete="email"
            autoFocus
            error={
              form.formState.errors.email?.message ??
              (send.isError ? errorMessage(send.error, 'Please try again.') : undefined)
            }
            {...form.register('email')}
          />
          <Button type="submit" size="lg" className="w-full" disabled={send.isPending}>
            {send.isPending && <Loader2 className="animate-spin" />}
            Send reset link
          </Button>
        </form>
      )}
      <p className="mt-6 text-center text-sm text-muted-foreground">
        <Link href="/auth?mode=login" className="font-medium text-primary underline-offset-4 hover:underline">
          Back to sign in
        </Link>
      </p>
    </AuthShell>
  );
}
