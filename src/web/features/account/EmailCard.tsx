import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { type Account, type ChangeEmailInput, changeEmailSchema } from '../../../shared/account';
import { fieldErrorOf } from '../../lib/field-error';
import { Alert, AlertDescription } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { CopyButton } from '../../ui/copy-button';
import { FormField } from '../../ui/form-field';
import { accountCalls, useAccountAction } from './api';

type Result = { message: string; pendingEmail: string; link: string | null };

/** A new address, confirmed by a link sent to it (or shown here when the server sends no mail). */
export function EmailCard({ account }: { account: Account }) {
  const [result, setResult] = useState<Result | null>(null);
  const form = useForm<ChangeEmailInput>({
    resolver: zodResolver(changeEmailSchema),
    defaultValues: { email: '', password: '' },
  });
  const change = useAccountAction({
    request: accountCalls.changeEmail,
    failure: 'Could not change the address',
    onDone: (r) => {
      setResult(r);
      form.reset();
    },
  });
  const { errors } = form.formState;
  const serverError = fieldErrorOf(change.error);
  const link = result?.link
    ? result.link.startsWith('/')
      ? `${window.location.origin}${result.link}`
      : result.link
    : null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Email address</CardTitle>
        <CardDescription>
          Now <strong>{account.email}</strong>. Sign in with it or with your username.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {account.pendingEmail && (
          <Alert data-testid="email-pending">
            <AlertDescription>
              Waiting for confirmation of <strong>{account.pendingEmail}</strong>: open the link sent there.
            </AlertDescription>
          </Alert>
        )}
        {result && (
          <Alert role="status">
            <AlertDescription className="grid gap-2">
              <p>{result.message}</p>
              {link && (
                <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
                  <code className="flex-1 break-all rounded bg-muted px-2 py-1 text-xs">{link}</code>
                  <CopyButton text={link} size="sm" />
                </div>
              )}
            </AlertDescription>
          </Alert>
        )}
        <form
          className="grid gap-4 sm:grid-cols-2"
          noValidate
          onSubmit={form.handleSubmit((v) => change.mutate(v))}
        >
          <FormField
            id="account-new-email"
            label="New email address"
            type="email"
            autoComplete="email"
            error={errors.email?.message ?? serverError('email')}
            {...form.register('email')}
          />
          <FormField
            id="account-email-password"
            label="Current password"
            type="password"
            autoComplete="current-password"
            error={errors.password?.message ?? serverError('password')}
            {...form.register('password')}
          />
          <div className="sm:col-span-2">
            <Button type="submit" disabled={change.isPending}>
              {change.isPending && <Loader2 className="animate-spin" />}
              Change email
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
