import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2 } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link } from 'wouter';
import { type LoginInput, loginSchema } from '../../../shared/auth';
import { needsSecondFactor, useLogin } from '../../lib/auth';
import { Button } from '../../ui/button';
import { FormField } from '../../ui/form-field';
import { SecondFactorForm } from './SecondFactorForm';

export function SignInForm() {
  const login = useLogin();
  const form = useForm<LoginInput>({
    resolver: zodResolver(loginSchema),
    defaultValues: { username: '', password: '' },
  });
  const { errors } = form.formState;
  if (needsSecondFactor(login.data)) return <SecondFactorForm onRestart={() => login.reset()} />;
  return (
    <form className="grid gap-4" noValidate onSubmit={form.handleSubmit((values) => login.mutate(values))}>
      <FormField
        id="login-username"
        label="Username or email"
        autoComplete="username"
        autoFocus
        error={errors.username?.message}
        {...form.register('username')}
      />
      <FormField
        id="login-password"
        label="Password"
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...form.register('password')}
      />
      <Link
        href="/forgot-password"
        className="-mt-2 justify-self-end text-sm font-medium text-primary underline-offset-4 hover:underline"
      >
        Forgot password?
      </Link>
      <Button type="submit" size="lg" className="mt-2 w-full" disabled={login.isPending}>
        {login.isPending && <Loader2 className="animate-spin" />}
        {login.isPending ? 'Signing In...' : 'Sign In'}
      </Button>
    </form>
  );
}
