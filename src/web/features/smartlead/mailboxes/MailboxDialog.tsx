import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { Settings2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { EmailAccount } from '../../../../shared/email-automation';
import { type UpdateMailboxInput, updateMailboxSchema } from '../../../../shared/mailboxes';
import { errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { Button } from '../../../ui/button';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../../ui/dialog';
import { FormField } from '../../../ui/form-field';
import { Skeleton } from '../../../ui/skeleton';
import { mailboxQueries, useMailboxChanges } from './api';
import { MailboxHealthPanel } from './MailboxHealthPanel';
import { MailboxLoginForm } from './MailboxLoginForm';
import { WarmupSection } from './WarmupSection';

const failed = (title: string) => (err: unknown) =>
  toast({ title, description: errorMessage(err, 'Smartlead did not answer'), variant: 'destructive' });

/**
 * One mailbox: its connection as Smartlead last checked it, its details and sign-in, its warm-up with the
 * last seven days as a chart, and removal.
 */
export function MailboxDialog({ account }: { account: EmailAccount }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="sm" variant="outline" aria-label={`Manage ${account.fromEmail}`}>
          <Settings2 /> Manage
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle className="break-all">{account.fromEmail}</DialogTitle>
          <DialogDescription>Details, warm-up and connection of this mailbox in Smartlead</DialogDescription>
        </DialogHeader>
        {open && <MailboxPanel account={account} onRemoved={() => setOpen(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function MailboxPanel({ account, onRemoved }: { account: EmailAccount; onRemoved: () => void }) {
  const change = useMailboxChanges(account.id);
  const health = useQuery(mailboxQueries.health(account.id));
  const [confirming, setConfirming] = useState(false);
  const details = useForm<UpdateMailboxInput>({
    resolver: zodResolver(updateMailboxSchema) as never,
    defaultValues: { fromName: account.fromName, dailyLimit: account.dailyLimit ?? 40 },
  });
  return (
    <div className="grid gap-6">
      <MailboxHealthPanel health={health} />
      <form
        className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
        noValidate
        onSubmit={details.handleSubmit((v) =>
          change.update.mutate(v, {
            onSuccess: () => toast({ title: 'Mailbox saved', variant: 'success' }),
            onError: failed('The mailbox was not saved'),
          }),
        )}
      >
        <FormField
          id="mbd-name"
          label="Sender name"
          error={details.formState.errors.fromName?.message}
          {...details.register('fromName')}
        />
        <FormField
          id="mbd-limit"
          label="Emails a day, at most"
          inputMode="numeric"
          error={details.formState.errors.dailyLimit?.message}
          {...details.register('dailyLimit')}
        />
        <Button type="submit" variant="outline" disabled={change.update.isPending}>
          Save
        </Button>
      </form>

      {health.data ? (
        <>
          <MailboxLoginForm id={account.id} health={health.data} />
          <WarmupSection id={account.id} health={health.data} />
        </>
      ) : (
        health.isLoading && <Skeleton className="h-40" />
      )}

      <div className="flex flex-wrap gap-2 border-t pt-4">
        <Button type="button" variant="outline" onClick={() => setConfirming(true)}>
          Remove mailbox
        </Button>
        <ConfirmDialog
          open={confirming}
          onClose={() => setConfirming(false)}
          title={`Remove ${account.fromEmail}?`}
          description="Smartlead stops sending from it and stops its warm-up; campaigns that use it lose this sender."
          confirm="Remove"
          busy={change.remove.isPending}
          onConfirm={() =>
            change.remove.mutate(undefined, {
              onSuccess: () => {
                toast({ title: 'Mailbox removed' });
                setConfirming(false);
                onRemoved();
              },
              onError: failed('The mailbox was not removed'),
            })
          }
        />
      </div>
    </div>
  );
}
