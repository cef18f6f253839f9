import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, Loader2 } from 'lucide-react';
import { type Control, Controller, useForm } from 'react-hook-form';
import { Link } from 'wouter';
import type { z } from 'zod';
import { resetPasswordFormSchema } from '../../../shared/account';
import { PASSWORD_MIN } from '../../../shared/auth';
import { errorMessage } from '../../lib/api';
import { Alert, AlertDescription, AlertTitle } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Checkbox } from '../../ui/checkbox';
import { FormField } from '../../ui/form-field';
import { Label } from '../../ui/label';
import { AuthShell } from './AuthShell';
import { accountQueries, useConfirmPasswordReset } from './api';

type Values = z.infer<typeof resetPasswordFormSchema>;

const linkClass = 'font-medium text-primary underline-offset-4 hover:underline';

/**
 * The mailed link's page: a new password (twice), once; then sign in with it. The link proves the mailbox,
 * so the form also offers to revoke the person's API tokens (on by default) and, when the account has
 * two-factor sign-in, to turn it off (a lost phone; off by default).
 */
export function ResetPassword({ token }: { token: string }) {
  const check = useQuery({ ...accountQueries.resetCheck(token), enabled: token.length >= 10 });
  const form = useForm<Values>({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { password: '', confirmPassword: '', turnOffTwoFactor: false, revokeApiTokens: true },
  });
  const reset = useConfirmPasswordReset(token);
  const { errors } = form.formState;
  const invalid = token.length < 10 || check.data?.valid === false;
  return (
    <AuthShell title="Choose a new password" intro={`At least ${PASSWORD_MIN} characters.`}>
      {reset.isSuccess ? (
        <Alert data-testid="reset-done" role="status">
          <CheckCircle2 />
          <AlertTitle>Password changed</AlertTitle>
          <AlertDescription className="space-y-2">
            <p>{reset.data.message}</p>
            <Link href="/auth?mode=login" className={linkClass}>
              Sign in
            </Link>
          </AlertDescription>
        </Alert>
      ) : check.isLoading ? (
        <div className="flex justify-center py-8">
          <Loader2 className="size-6 animate-spin text-muted-foreground" aria-label="Checking the link" />
        </div>
      ) : check.isError ? (
        <Alert variant="destructive">
          <AlertTitle>Could not check the link</AlertTitle>
          <AlertDescription className="mt-2 space-y-2">
            <p>{errorMessage(check.error, 'Please try again.')}</p>
            <Button size="sm" variant="outline" onClick={() => check.refetch()}>
              Retry
            </Button>
          </AlertDescription>
        </Alert>
      ) : invalid ? (
        <Alert variant="destructive" data-testid="reset-invalid">
          <AlertTitle>This link no longer works</AlertTitle>
          <AlertDescription>
            It has expired or was already used.{' '}
            <Link href="/forgot-password" className={linkClass}>
              Ask for a new one
            </Link>
            .
          </AlertDescription>
        </Alert>
      ) : (
        <form
          className="grid gap-4"
          noValidate
          onSubmit={form.handleSubmit((v) =>
            reset.mutate({
              password: v.password,
              turnOffTwoFactor: v.turnOffTwoFactor,
              revokeApiTokens: v.revokeApiTokens,
            }),
          )}
        >
          <FormField
            id="reset-password"
            label="New password"
            type="password"
            autoComplete="new-password"
            autoFocus
            error={errors.password?.message}
            {...form.register('password')}
          />
          <FormField
            id="reset-confirm"
            label="Confirm new password"
            type="password"
            autoComplete="new-password"
            error={errors.confirmPassword?.message}
            {...form.register('confirmPassword')}
          />
          <ResetOption
            control={form.control}
            name="revokeApiTokens"
            label="Also revoke my API tokens (in every workspace)"
          />
          {check.data?.twoFactor && (
            <ResetOption
              control={form.control}
              name="turnOffTwoFactor"
              label="Also turn off two-factor authentication"
            />
          )}
          {reset.isError && (
            <p role="alert" className="text-sm font-medium text-destructive">
              {errorMessage(reset.error, 'Could not change the password. Please try again.')}
            </p>
          )}
          <Button type="submit" size="lg" className="w-full" disabled={reset.isPending}>
            {reset.isPending && <Loader2 className="animate-spin" />}
            Change password
          </Button>
        </form>
      )}
    </AuthShell>
  );
}

function ResetOption(props: {
  control: Control<Values>;
  name: 'turnOffTwoFactor' | 'revokeApiTokens';
  label: string;
}) {
  const id = `reset-${props.name}`;
  return (
    <Controller
      control={props.control}
      name={props.name}
      render={({ field }) => (
        <div className="flex items-center gap-2 text-sm">
          <Checkbox id={id} checked={field.value} onCheckedChange={(on) => field.onChange(on === true)} />
          <Label htmlFor={id} className="font-normal">
            {props.label}
          </Label>
        </div>
      )}
    />
  );
}
