import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2 } from 'lucide-react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { changePasswordFormSchema } from '../../../shared/account';
import { PASSWORD_MIN } from '../../../shared/auth';
import { fieldErrorOf } from '../../lib/field-error';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { FormField } from '../../ui/form-field';
import { accountCalls, useAccountAction } from './api';

type Values = z.infer<typeof changePasswordFormSchema>;

/** A new password; every other session of the account ends. */
export function PasswordCard() {
  const form = useForm<Values>({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const change = useAccountAction({
    request: ({ confirmPassword: _, ...v }: Values) => accountCalls.changePassword(v),
    success: 'Password changed. Your other sessions were signed out.',
    failure: 'Could not change the password',
    onDone: () => form.reset(),
  });
  const { errors } = form.formState;
  const serverError = fieldErrorOf(change.error);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Password</CardTitle>
        <CardDescription>
          At least {PASSWORD_MIN} characters. Changing it signs out every other browser.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form className="grid gap-4" noValidate onSubmit={form.handleSubmit((v) => change.mutate(v))}>
          <FormField
            id="account-current-password"
            label="Current password"
            type="password"
            autoComplete="current-password"
            error={errors.currentPassword?.message ?? serverError('currentPassword')}
            {...form.register('currentPassword')}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField
              id="account-new-password"
              label="New password"
              type="password"
              autoComplete="new-password"
              error={errors.newPassword?.message}
              {...form.register('newPassword')}
            />
            <FormField
              id="account-confirm-password"
              label="Confirm new password"
              type="password"
              autoComplete="new-password"
              error={errors.confirmPassword?.message}
              {...form.register('confirmPassword')}
            />
          </div>
          <div>
            <Button type="submit" disabled={change.isPending}>
              {change.isPending && <Loader2 className="animate-spin" />}
              Change password
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
