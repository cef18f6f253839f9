import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2 } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { secondFactorSchema } from '../../../shared/two-factor';
import { errorMessage } from '../../lib/api';
import { useSecondFactor } from '../../lib/auth';
import { Button } from '../../ui/button';
import { FormField } from '../../ui/form-field';

/** After the password, on an account with two-factor sign-in: the app's code or a recovery code. */
export function SecondFactorForm({ onRestart }: { onRestart: () => void }) {
  const verify = useSecondFactor();
  const form = useForm<{ code: string }>({
    resolver: zodResolver(secondFactorSchema),
    defaultValues: { code: '' },
  });
  const expired = verify.error && /expired|password again/i.test(errorMessage(verify.error, ''));
  const error =
    form.formState.errors.code?.message ??
    (verify.error ? errorMessage(verify.error, 'That code is not right.') : undefined);
  return (
    <form className="grid gap-4" noValidate onSubmit={form.handleSubmit((v) => verify.mutate(v.code))}>
      <p className="text-sm text-muted-foreground">
        Enter the 6-digit code from your authenticator app. Lost your phone? Enter one of your recovery codes
        instead.
      </p>
      <FormField
        id="login-code"
        label="Authentication code"
        autoComplete="one-time-code"
        autoFocus
        error={error}
        {...form.register('code')}
      />
      <Button type="submit" size="lg" className="w-full" disabled={verify.isPending}>
        {verify.isPending && <Loader2 className="animate-spin" />}
        Verify
      </Button>
      <Button type="button" variant={expired ? 'default' : 'ghost'} onClick={onRestart}>
        Start over with your password
      </Button>
    </form>
  );
}
