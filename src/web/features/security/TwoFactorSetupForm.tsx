import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2 } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { enableTwoFactorSchema, type TwoFactorSetup } from '../../../shared/two-factor';
import { errorMessage } from '../../lib/api';
import { Button } from '../../ui/button';
import { FormField } from '../../ui/form-field';
import { useEnableTwoFactor } from './api';

/** The QR code (or the key to type), then the first code from the app turns two-factor sign-in on. */
export function TwoFactorSetupForm(props: {
  setup: TwoFactorSetup;
  onEnabled: (codes: string[]) => void;
  onCancel: () => void;
}) {
  const form = useForm({ resolver: zodResolver(enableTwoFactorSchema), defaultValues: { code: '' } });
  const code = form.watch('code');
  const enable = useEnableTwoFactor({ onSuccess: (r) => props.onEnabled(r.recoveryCodes) });
  return (
    <form className="grid gap-4" noValidate onSubmit={form.handleSubmit((v) => enable.mutate(v.code))}>
      <ol className="grid list-decimal gap-1 pl-5 text-sm">
        <li>Open your authenticator app (Google Authenticator, 1Password, Authy…) and add an account.</li>
        <li>Scan this code, or type the key below.</li>
        <li>Enter the 6-digit code the app shows.</li>
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
        error={
          form.formState.errors.code?.message ??
          (enable.error ? errorMessage(enable.error, 'That code is not right.') : undefined)
        }
        {...form.register('code')}
      />
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
