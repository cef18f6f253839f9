import { Loader2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import type { Plan } from '../../../shared/auth';
import { useRegister } from '../../hooks/use-auth';
import { toast } from '../../hooks/use-toast';
import { Button } from '../ui/button';
import { FormField } from './FormField';

const EMPTY = { username: '', email: '', password: '', confirmPassword: '' };

// SPEC §5: the visible form uses native required fields and checks the password match on submit.
export function CreateAccountForm({ plan }: { plan: Plan }) {
  const register = useRegister();
  const [values, setValues] = useState(EMPTY);
  const set = (key: keyof typeof EMPTY) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [key]: e.target.value }));

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (values.password !== values.confirmPassword) {
      toast({ title: 'Error', description: "Passwords don't match", variant: 'destructive' });
      return;
    }
    register.mutate({ username: values.username, email: values.email, password: values.password, plan });
  };

  return (
    <form className="grid gap-4" onSubmit={onSubmit}>
      <FormField
        id="register-username"
        label="Username"
        autoComplete="username"
        required
        minLength={3}
        autoFocus
        value={values.username}
        onChange={set('username')}
      />
      <FormField
        id="register-email"
        label="Email"
        type="email"
        autoComplete="email"
        required
        value={values.email}
        onChange={set('email')}
      />
      <FormField
        id="register-password"
        label="Password"
        type="password"
        autoComplete="new-password"
        required
        minLength={6}
        value={values.password}
        onChange={set('password')}
      />
      <FormField
        id="register-confirm-password"
        label="Confirm Password"
        type="password"
        autoComplete="new-password"
        required
        value={values.confirmPassword}
        onChange={set('confirmPassword')}
      />
      <Button type="submit" size="lg" className="mt-2 w-full" disabled={register.isPending}>
        {register.isPending && <Loader2 className="animate-spin" />}
        {register.isPending ? 'Creating Account...' : 'Create Account'}
      </Button>
    </form>
  );
}
