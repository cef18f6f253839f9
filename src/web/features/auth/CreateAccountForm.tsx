import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2 } from 'lucide-react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { PASSWORD_MIN, registerFormSchema } from '../../../shared/auth';
import type { Plan } from '../../../shared/plans';
import { useRegister } from '../../lib/auth';
import { Alert, AlertDescription, AlertTitle } from '../../ui/alert';
import { Button } from '../../ui/button';
import { FormField } from '../../ui/form-field';

type RegisterFormValues = z.input<typeof registerFormSchema>;

// The shared schema checks what the server will, field by field; a password mismatch shows under the
// confirmation field (decision 0400: a toast alone was missed).
export function CreateAccountForm({ plan }: { plan: Plan }) {
  const register = useRegister();
  const form = useForm<RegisterFormValues, unknown, z.output<typeof registerFormSchema>>({
    resolver: zodResolver(registerFormSchema),
    defaultValues: { username: '', email: '', password: '', confirmPassword: '', plan },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(({ confirmPassword: _, ...input }) =>
    register.mutate({ ...input, plan }),
  );

  // The address already had an account: nobody is signed in and its owner was mailed (decision 0830).
  const sent = register.data && !register.data.user ? register.data.email : null;
  if (sent) {
    return (
      <Alert role="status" data-testid="sign-up-check-email">
        <AlertTitle>This address may already have an account</AlertTitle>
        <AlertDescription>
          No new account was made for {sent}: the address may already have one. If it is yours, sign in
          instead, or use "Forgot password" to choose a new password.
        </AlertDescription>
      </Alert>
    );
  }

  return (
    <form className="grid gap-4" onSubmit={onSubmit}>
      <FormField
        id="register-username"
        label="Username"
        autoComplete="username"
        required
        minLength={3}
        autoFocus
        error={errors.username?.message}
        {...form.register('username')}
      />
      <FormField
        id="register-email"
        label="Email"
        type="email"
        autoComplete="email"
        required
        error={errors.email?.message}
        {...form.register('email')}
      />
      <FormField
        id="register-password"
        label="Password"
        type="password"
        autoComplete="new-password"
        required
        minLength={PASSWORD_MIN}
        error={errors.password?.message}
        {...form.register('password')}
      />
      <FormField
        id="register-confirm-password"
        label="Confirm Password"
        type="password"
        autoComplete="new-password"
        required
        error={errors.confirmPassword?.message}
        {...form.register('confirmPassword')}
      />
      <Button type="submit" size="lg" className="mt-2 w-full" disabled={register.isPending}>
        {register.isPending && <Loader2 className="animate-spin" />}
        {register.isPending ? 'Creating Account...' : 'Create Account'}
      </Button>
    </form>
  );
}
