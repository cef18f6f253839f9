import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2, Plus } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  type ConnectMailboxInput,
  connectMailboxSchema,
  MAILBOX_TYPES,
  type MailboxType,
  PROVIDER_SERVERS,
} from '../../../../shared/mailboxes';
import { errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { Alert, AlertDescription } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../../ui/dialog';
import { FormField } from '../../../ui/form-field';
import { Label } from '../../../ui/label';
import { useConnectMailbox } from './api';
import { MailboxServerFields } from './MailboxServerFields';

/**
 * Connect a sending mailbox with its SMTP and IMAP details. Smartlead checks both logins before keeping
 * it; the password goes to Smartlead only (decision 0202).
 */
export function ConnectMailboxDialog() {
  const [open, setOpen] = useState(false);
  const connect = useConnectMailbox();
  const form = useForm<ConnectMailboxInput>({
    resolver: zodResolver(connectMailboxSchema) as never,
    defaultValues: {
      type: 'SMTP',
      fromName: '',
      fromEmail: '',
      username: '',
      password: '',
      smtpHost: '',
      smtpPort: 587,
      smtpSecurity: 'TLS',
      imapHost: '',
      imapPort: 993,
      dailyLimit: 40,
    },
  });
  const { errors } = form.formState;
  // Choosing a provider fills in its usual servers; each stays editable.
  const chooseProvider = (type: MailboxType) => {
    form.setValue('type', type);
    const servers = PROVIDER_SERVERS[type];
    if (!servers) return;
    for (const f of ['smtpHost', 'smtpPort', 'smtpSecurity', 'imapHost', 'imapPort'] as const) {
      form.setValue(f, servers[f] as never, { shouldValidate: form.formState.isSubmitted });
    }
  };
  const submit = form.handleSubmit((v) =>
    connect.mutate(v, {
      onSuccess: () => {
        toast({
          title: 'Mailbox connected',
          description: `${v.fromEmail} can now send your campaigns.`,
          variant: 'success',
        });
        form.reset();
        setOpen(false);
      },
    }),
  );
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        setOpen(o);
        if (!o) connect.reset();
      }}
    >
      <DialogTrigger asChild>
        <Button>
          <Plus /> Connect a mailbox
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Connect a mailbox</DialogTitle>
          <DialogDescription>
            Its SMTP (sending) and IMAP (reading replies) details, as your mail provider gives them. For
            Google or Microsoft 365, use an app password. The password goes to Smartlead and is not kept here.
          </DialogDescription>
        </DialogHeader>
        {connect.isError && (
          <Alert variant="destructive">
            <AlertDescription>
              {errorMessage(connect.error, 'The mailbox was not connected')}
            </AlertDescription>
          </Alert>
        )}
        <form className="grid gap-4 sm:grid-cols-2" noValidate onSubmit={submit}>
          <div className="grid gap-2 sm:col-span-2">
            <Label htmlFor="mb-type">Provider</Label>
            <select
              id="mb-type"
              className="h-9 rounded-md border bg-background px-2 text-sm"
              value={form.watch('type')}
              onChange={(e) => chooseProvider(e.target.value as MailboxType)}
            >
              {MAILBOX_TYPES.map((t) => (
                <option key={t} value={t}>
                  {PROVIDER_SERVERS[t]?.label ?? 'Another provider (SMTP and IMAP)'}
                </option>
              ))}
            </select>
          </div>
          <FormField
            id="mb-from-name"
            label="Sender name"
            error={errors.fromName?.message}
            {...form.register('fromName')}
          />
          <FormField
            id="mb-from-email"
            label="Mailbox address"
            type="email"
            autoComplete="off"
            error={errors.fromEmail?.message}
            {...form.register('fromEmail')}
          />
          <FormField
            id="mb-username"
            label="Login name"
            autoComplete="off"
            error={errors.username?.message}
            {...form.register('username')}
          />
          <FormField
            id="mb-password"
            label="Password"
            type="password"
            autoComplete="new-password"
            error={errors.password?.message}
            {...form.register('password')}
          />
          <MailboxServerFields form={form} idPrefix="mb" examples />
          <FormField
            id="mb-daily"
            label="Emails a day, at most"
            inputMode="numeric"
            error={errors.dailyLimit?.message}
            {...form.register('dailyLimit')}
          />
          <div className="flex items-end justify-end sm:col-span-2">
            <Button type="submit" disabled={connect.isPending}>
              {connect.isPending && <Loader2 className="animate-spin" />}
              Connect
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
