import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { Flame, Loader2 } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { type MailboxHealth, type WarmupSettings, warmupSettingsSchema } from '../../../../shared/mailboxes';
import { errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { Button } from '../../../ui/button';
import { Checkbox } from '../../../ui/checkbox';
import { FormField } from '../../../ui/form-field';
import { mailboxQueries, useMailboxChanges } from './api';

/**
 * A mailbox's warm-up (decision 0202): on or off, emails a day, ramp-up and reply rate within Smartlead's
 * limits, starting from what Smartlead reports (it does not report the ramp-up: that starts at 5, its
 * least), and the last seven days as a chart.
 */
export function WarmupSection({ id, health }: { id: number; health: MailboxHealth }) {
  const change = useMailboxChanges(id);
  const warm = useForm<WarmupSettings>({
    resolver: zodResolver(warmupSettingsSchema) as never,
    defaultValues: {
      enabled: health.warmupStatus === 'ACTIVE',
      perDay: health.warmupPerDay ?? 20,
      rampUp: 5,
      replyRate: health.warmupReplyRate ?? 30,
    },
  });
  const { errors } = warm.formState;
  return (
    <section className="grid gap-3" aria-labelledby="warmup-title">
      <h3 id="warmup-title" className="flex items-center gap-2 font-semibold">
        <Flame className="size-4 text-orange-600" aria-hidden /> Warm-up
      </h3>
      <p className="text-sm text-muted-foreground">
        Smartlead exchanges mail between this mailbox and its warm-up pool, growing by the ramp-up each day,
        so providers learn to trust it before your campaigns send.
      </p>
      {health.warmupBlockedReason && (
        <p className="text-sm text-destructive">
          Smartlead stopped the warm-up: {health.warmupBlockedReason}
        </p>
      )}
      <form
        className="grid gap-3 sm:grid-cols-3"
        noValidate
        onSubmit={warm.handleSubmit((v) =>
          change.warmup.mutate(v, {
            onSuccess: () => toast({ title: v.enabled ? 'Warm-up on' : 'Warm-up off', variant: 'success' }),
            onError: (err) =>
              toast({
                title: 'The warm-up was not changed',
                description: errorMessage(err, 'Smartlead did not answer'),
                variant: 'destructive',
              }),
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
          label="Warm-up emails a day (1–50)"
          inputMode="numeric"
          error={errors.perDay?.message}
          {...warm.register('perDay')}
        />
        <FormField
          id="wu-ramp"
          label="Ramp-up, more each day (5–20)"
          inputMode="numeric"
          error={errors.rampUp?.message}
          {...warm.register('rampUp')}
        />
        <FormField
          id="wu-reply"
          label="Reply rate, % (20–100)"
          inputMode="numeric"
          error={errors.replyRate?.message}
          {...warm.register('replyRate')}
        />
        <div className="sm:col-span-3">
          <Button type="submit" disabled={change.warmup.isPending}>
            {change.warmup.isPending && <Loader2 className="animate-spin" />}
            Save warm-up
          </Button>
        </div>
      </form>
      <WarmupChart id={id} />
    </section>
  );
}

function WarmupChart({ id }: { id: number }) {
  const stats = useQuery(mailboxQueries.warmupStats(id));
  if (stats.isLoading) return <p className="text-sm text-muted-foreground">Loading warm-up stats…</p>;
  if (stats.isError)
    return (
      <p className="text-sm text-destructive" role="alert">
        {errorMessage(stats.error, 'Warm-up stats are unavailable')}
      </p>
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
