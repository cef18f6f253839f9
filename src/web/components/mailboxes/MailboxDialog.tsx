import { zodResolver } from '@hookform/resolvers/zod';
import { Flame, Loader2, Settings2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { EmailAccount } from '../../../shared/email-automation';
import {
  type UpdateMailboxInput,
  updateMailboxSchema,
  type WarmupSettings,
  warmupSettingsSchema,
} from '../../../shared/mailboxes';
import { toast } from '../../hooks/use-toast';
import { errorMessage } from '../../lib/api';
import { FormField } from '../auth/FormField';
import { Button } from '../ui/button';
import { Checkbox } from '../ui/checkbox';
import { ConfirmDialog } from '../ui/confirm-dialog';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../ui/dialog';
import { useMailboxChanges, useWarmupStats } from './api';

const failed = (title: string) => (err: unknown) =>
  toast({ title, description: errorMessage(err, 'Smartlead did not answer'), variant: 'destructive' });

/** One mailbox: its details, its warm-up with the last seven days as a chart, check and remove. */
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
  const [confirming, setConfirming] = useState(false);
  const details = useForm<UpdateMailboxInput>({
    resolver: zodResolver(updateMailboxSchema) as never,
    defaultValues: { fromName: account.fromName, dailyLimit: account.dailyLimit ?? 40 },
  });
  const warm = useForm<WarmupSettings>({
    resolver: zodResolver(warmupSettingsSchema) as never,
    defaultValues: { enabled: account.warmupStatus === 'ACTIVE', perDay: 20, rampUp: 2, replyRate: 30 },
  });
  return (
    <div className="grid gap-6">
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

      <section className="grid gap-3" aria-labelledby="warmup-title">
        <h3 id="warmup-title" className="flex items-center gap-2 font-semibold">
          <Flame className="size-4 text-orange-600" aria-hidden /> Warm-up
        </h3>
        <p className="text-sm text-muted-foreground">
          Smartlead exchanges mail between this mailbox and its warm-up pool, growing by the ramp-up each day,
          so providers learn to trust it before your campaigns send.
        </p>
        <form
          className="grid gap-3 sm:grid-cols-3"
          noValidate
          onSubmit={warm.handleSubmit((v) =>
            change.warmup.mutate(v, {
              onSuccess: () => toast({ title: v.enabled ? 'Warm-up on' : 'Warm-up off', variant: 'success' }),
              onError: failed('The warm-up was not changed'),
            }),
          )}
        >
          <label className="flex items-center gap-2 text-sm font-medium sm:col-span-3">
            <Checkbox
              checked={warm.watch('enabled')}
              onCheckedChange={(v) => warm.setValue('enabled', v === true)}
              aria-label="Warm up this mailbox"
            />
            Warm up this mailbox
          </label>
          <FormField
            id="wu-per-day"
            label="Warm-up emails a day"
            inputMode="numeric"
            error={warm.formState.errors.perDay?.message}
            {...warm.register('perDay')}
          />
          <FormField
            id="wu-ramp"
            label="Ramp-up (more each day)"
            inputMode="numeric"
            error={warm.formState.errors.rampUp?.message}
            {...warm.register('rampUp')}
          />
          <FormField
            id="wu-reply"
            label="Reply rate (%)"
            inputMode="numeric"
            error={warm.formState.errors.replyRate?.message}
            {...warm.register('replyRate')}
          />
          <div className="sm:col-span-3">
            <Button type="submit" disabled={change.warmup.isPending}>
              {change.warmup.isPending && <Loader2 className="animate-spin" />}
              Save warm-up
            </Button>
          </div>
        </form>
        <WarmupChart id={account.id} />
      </section>

      <div className="flex flex-wrap gap-2 border-t pt-4">
        <Button
          type="button"
          variant="outline"
          disabled={change.check.isPending}
          onClick={() =>
            change.check.mutate(undefined, {
              onSuccess: (h) =>
                toast({
                  title: h.smtpOk && h.imapOk ? 'Connected' : 'Not connected',
                  description:
                    h.smtpOk && h.imapOk
                      ? 'Smartlead can send from it and read its replies.'
                      : `Smartlead cannot ${h.smtpOk ? 'read its replies (IMAP)' : 'send from it (SMTP)'}. Check its details with your mail provider.`,
                  variant: h.smtpOk && h.imapOk ? 'success' : 'destructive',
                }),
              onError: failed('The connection could not be checked'),
            })
          }
        >
          Check connection
        </Button>
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

function WarmupChart({ id }: { id: number }) {
  const stats = useWarmupStats(id);
  if (stats.isLoading) return <p className="text-sm text-muted-foreground">Loading warm-up stats…</p>;
  if (stats.isError)
    return (
      <p className="text-sm text-destructive">{errorMessage(stats.error, 'Warm-up stats are unavailable')}</p>
    );
  const s = stats.data;
  if (!s) return null;
  return (
    <div className="grid gap-2" data-testid="warmup-stats">
      <p className="text-sm">
        Last 7 days: <strong>{s.sent}</strong> sent, <strong>{s.inbox}</strong> in the inbox,{' '}
        <strong>{s.spam}</strong> in spam.
      </p>
      {s.sent === 0 ? (
        <p className="text-sm text-muted-foreground">
          No warm-up mail yet: turn warm-up on and come back tomorrow.
        </p>
      ) : (
        <div className="h-52" role="img" aria-label="Warm-up emails sent and replied per day, last 7 days">
          <ResponsiveContainer width="100%" height="100%">
            <BarChart data={s.days} margin={{ left: -16, right: 8 }}>
              <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
              <XAxis dataKey="date" tickFormatter={(d: string) => d.slice(5)} fontSize={12} />
              <YAxis allowDecimals={false} fontSize={12} />
              <Tooltip itemStyle={{ color: '#0f172a' }} />
              <Legend />
              <Bar dataKey="sent" name="Sent" fill="#4f46e5" isAnimationActive={false} />
              <Bar dataKey="replied" name="Replied" fill="#047857" isAnimationActive={false} />
              <Bar dataKey="savedFromSpam" name="Saved from spam" fill="#b45309" isAnimationActive={false} />
            </BarChart>
          </ResponsiveContainer>
        </div>
      )}
    </div>
  );
}
