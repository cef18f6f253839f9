import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  type MailboxHealth,
  type MailboxLoginInput,
  mailboxLoginSchema,
  SMTP_SECURITY,
} from '../../../../shared/mailboxes';
import { errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { Alert, AlertDescription } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { FormField } from '../../../ui/form-field';
import { useMailboxChanges } from './api';
import { MailboxServerFields } from './MailboxServerFields';

const security = (s: string | null): MailboxLoginInput['smtpSecurity'] =>
  (SMTP_SECURITY as readonly string[]).includes(s ?? '') ? (s as MailboxLoginInput['smtpSecurity']) : 'TLS';

/**
 * New sign-in details for a connected mailbox (a changed password, another server). Smartlead signs in
 * again before it keeps them; the password goes to Smartlead only and is asked for each time (decision
 * 0202), so the form starts from the details Smartlead has, without it.
 */
export function MailboxLoginForm({ id, health }: { id: number; health: MailboxHealth }) {
  const [open, setOpen] = useState(!health.smtpOk || !health.imapOk);
  const change = useMailboxChanges(id);
  const l = health.login;
  const form = useForm<MailboxLoginInput>({
    resolver: zodResolver(mailboxLoginSchema) as never,
    defaultValues: {
      username: l.username,
      password: '',
      smtpHost: l.smtpHost,
      smtpPort: l.smtpPort ?? 587,
      smtpSecurity: security(l.smtpSecurity),
      imapHost: l.imapHost,
      imapPort: l.imapPort ?? 993,
    },
  });
  const { errors } = form.formState;
  if (!open)
    return (
      <div>
        <Button type="button" variant="outline" onClick={() => setOpen(true)}>
          Change sign-in details
        </Button>
      </div>
    );
  const submit = form.handleSubmit((v) =>
    change.login.mutate(v, {
      onSuccess: (h) => {
        form.setValue('password', '');
        toast({
          title: h.smtpOk && h.imapOk ? 'Sign-in details saved' : 'Saved, but not connected',
          description:
            h.smtpOk && h.imapOk
              ? 'Smartlead signed in to both servers.'
              : 'Smartlead kept the details but cannot sign in yet.',
          variant: h.smtpOk && h.imapOk ? 'success' : 'destructive',
        });
      },
    }),
  );
  return (
    <section className="grid gap-3" aria-labelledby="login-title">
      <h3 id="login-title" className="font-semibold">
        Sign-in details
      </h3>
      <p className="text-sm text-muted-foreground">
        Smartlead signs in again with these before it keeps them. Enter the password each time: it goes to
        Smartlead and is not kept here.
      </p>
      {change.login.isError && (
        <Alert variant="destructive">
          <AlertDescription>
            {errorMessage(change.login.error, 'The details were not saved')}
          </AlertDescription>
        </Alert>
      )}
      <form className="grid gap-3 sm:grid-cols-2" noValidate onSubmit={submit}>
        <FormField
          id="ml-username"
          label="Login name"
          autoComplete="off"
          error={errors.username?.message}
          {...form.register('username')}
        />
        <FormField
          id="ml-password"
          label="New password"
          type="password"
          autoComplete="new-password"
          error={errors.password?.message}
          {...form.register('password')}
        />
        <MailboxServerFields form={form} idPrefix="ml" />
        <div className="flex flex-wrap justify-end gap-2 sm:col-span-2">
          <Button type="button" variant="ghost" onClick={() => setOpen(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={change.login.isPending}>
            {change.login.isPending && <Loader2 className="animate-spin" />}
            Save sign-in details
          </Button>
        </div>
      </form>
    </section>
  );
}
