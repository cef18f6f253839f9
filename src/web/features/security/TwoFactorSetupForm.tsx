import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2 } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { enableTwoFactorSchema, type TwoFactorSetup } from '../../../shared/two-factor';
import { errorMessage } from '../../lib/api';
import { Button } from '../../ui/button';
import { FormField } from '../../ui/form-field';
import { useEnableTwoFactor } from './api';

/** The QR code (or the key to type), then the first code from the app and the password turn two-factor sign-in on. */
export function TwoFactorSetupForm(props: {
  setup: TwoFactorSetup;
  onEnabled: (codes: string[]) => void;
  onCancel: () => void;
}) {
  const enable = useEnableTwoFactor({ onSuccess: (r) => props.onEnabled(r.recoveryCodes) });
  const form = useForm({
    resolver: zodResolver(enableTwoFactorSchema),
    defaultValues: { code: '', password: '' },
  });
  const code = form.watch('code');
  return (
    <form className="grid gap-4" noValidate onSubmit={form.handleSubmit((v) => enable.mutate(v))}>
      <ol className="grid list-decimal gap-1 pl-5 text-sm">
        <li>Open your authenticator app (Google Authenticator, 1Password, Authy…) and add an account.</li>
        <li>Scan this code, or type the key below.</li>
        <li>Enter the 6-digit code the app shows, and your password.</li>
      </ol>
      <img
        src={props.setup.qrDataUrl}
        alt="QR code to add Verilead to your authenticator app"
        className="size-48 rounded border bg-white p-2"
      />
      <p className="text-sm">
        Key:{' '}
        <code className="break-all font-mono" data-testid="totp-secret">
          {props.setup.secret}
        </code>
      </p>
      <FormField
        id="totp-code"
        label="Code from the app"
        inputMode="numeric"
        autoComplete="one-time-code"
        error={form.formState.errors.code?.message}
        {...form.register('code')}
      />
      <FormField
        id="totp-password"
        label="Your password"
        type="password"
        autoComplete="current-password"
        error={form.formState.errors.password?.message}
        {...form.register('password')}
      />
      {enable.isError && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {errorMessage(enable.error, 'That code is not right.')}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={enable.isPending || code.trim().length < 6}>
          {enable.isPending && <Loader2 className="animate-spin" />}
          Turn on
        </Button>
        <Button type="button" variant="outline" onClick={props.onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
