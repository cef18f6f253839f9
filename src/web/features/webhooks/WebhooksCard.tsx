import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { Loader2, Send, Trash2, Webhook } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  type CreateWebhookInput,
  createWebhookSchema,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENTS,
} from '../../../shared/webhooks';
import { failureToast, toast } from '../../lib/toast';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { Checkbox } from '../../ui/checkbox';
import { CopyButton } from '../../ui/copy-button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../ui/dialog';
import { Input } from '../../ui/input';
import { Label } from '../../ui/label';
import { Skeleton } from '../../ui/skeleton';
import { useCreateWebhook, useDeleteWebhook, useSendTestEvent, webhookQueries } from './api';
import { WebhookDeliveries } from './WebhookDeliveries';

/** Webhook endpoints: add (secret shown once), send a test event, delete, and each one's delivery log. */
export function WebhooksCard() {
  const endpoints = useQuery(webhookQueries.endpoints());
  const form = useForm<CreateWebhookInput>({
    resolver: zodResolver(createWebhookSchema),
    defaultValues: { url: '', events: ['list.completed', 'list.failed'] },
  });
  const url = form.watch('url');
  const events = form.watch('events');
  const urlError = form.formState.errors.url?.message;
  const [secret, setSecret] = useState<string | null>(null);

  const create = useCreateWebhook({
    onSuccess: (r) => {
      setSecret(r.secret);
      form.setValue('url', '');
    },
    onError: failureToast('Could not add the endpoint'),
  });
  const test = useSendTestEvent({
    onSuccess: () => {
      toast({ title: 'Test event sent', description: 'See the delivery log below.' });
    },
    onError: failureToast('Could not send the test event'),
  });
  const remove = useDeleteWebhook({
    onSuccess: () => {
      toast({ title: 'Endpoint deleted' });
    },
    onError: failureToast('Could not delete the endpoint'),
  });

  const submit = form.handleSubmit((input) => create.mutate(input));
  const toggle = (ev: CreateWebhookInput['events'][number], on: boolean) =>
    form.setValue('events', on ? [...events, ev] : events.filter((x) => x !== ev));

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Webhook className="size-5" aria-hidden="true" /> Webhooks
        </CardTitle>
        <CardDescription>
          We POST signed JSON events to your URL (header Webhook-Signature: t=…,v1=HMAC-SHA256 of “t.body”)
          and retry failed deliveries with back-off.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        <form onSubmit={submit} className="space-y-3" aria-label="Add a webhook endpoint">
          <div className="space-y-1.5">
            <Label htmlFor="webhook-url">Endpoint URL</Label>
            <div className="flex flex-col gap-2 sm:flex-row">
              <Input
                id="webhook-url"
                type="url"
                placeholder="https://example.com/hooks/verilead"
                aria-invalid={urlError ? true : undefined}
                aria-describedby={urlError ? 'webhook-url-error' : undefined}
                {...form.register('url')}
              />
              <Button type="submit" disabled={!url.trim() || !events.length || create.isPending}>
                {create.isPending && <Loader2 className="animate-spin" />} Add endpoint
              </Button>
            </div>
            {urlError && (
              <p id="webhook-url-error" className="text-xs font-medium text-destructive">
                {urlError}
              </p>
            )}
          </div>
          <fieldset className="flex flex-wrap gap-x-6 gap-y-2">
            <legend className="sr-only">Events</legend>
            {WEBHOOK_EVENTS.map((ev) => (
              <div key={ev} className="flex items-center gap-2 text-sm">
                <Checkbox
                  id={`ev-${ev}`}
                  checked={events.includes(ev)}
                  onCheckedChange={(v) => toggle(ev, v === true)}
                />
                <Label htmlFor={`ev-${ev}`} className="font-normal">
                  <span className="font-mono text-xs">{ev}</span> · {WEBHOOK_EVENT_LABELS[ev]}
                </Label>
              </div>
            ))}
          </fieldset>
        </form>

        {endpoints.isLoading ? (
          <Skeleton className="h-20 w-full" />
        ) : endpoints.isError ? (
          <p className="text-sm text-destructive">Could not load your endpoints.</p>
        ) : !endpoints.data?.length ? (
          <p className="text-sm text-muted-foreground">No endpoints yet.</p>
        ) : (
          <ul className="space-y-4">
            {endpoints.data.map((ep) => (
              <li key={ep.id} className="space-y-3 rounded-lg border p-4" data-testid="webhook-endpoint">
                <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
                  <div className="min-w-0">
                    <p className="truncate font-mono text-sm" title={ep.url}>
                      {ep.url}
                    </p>
                    <p className="text-xs text-muted-foreground">
                      {ep.events.join(', ')} · secret …{ep.secretHint}
                    </p>
                  </div>
                  <div className="flex gap-2">
                    <Button
                      size="sm"
                      variant="outline"
                      disabled={test.isPending}
                      onClick={() => test.mutate(ep.id)}
                    >
                      <Send /> Send test event
                    </Button>
                    <Button
                      size="sm"
                      variant="ghost"
                      aria-label={`Delete endpoint ${ep.url}`}
                      disabled={remove.isPending}
                      onClick={() => remove.mutate(ep.id)}
                    >
                      <Trash2 />
                    </Button>
                  </div>
                </div>
                <WebhookDeliveries endpointId={ep.id} />
              </li>
            ))}
          </ul>
        )}
      </CardContent>

      <Dialog open={secret !== null} onOpenChange={(open) => !open && setSecret(null)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Signing secret</DialogTitle>
            <DialogDescription>
              Copy it now: it is shown only once. Use it to check the Webhook-Signature header.
            </DialogDescription>
          </DialogHeader>
          <code className="block break-all rounded bg-muted p-3 text-sm" data-testid="webhook-secret">
            {secret}
          </code>
          <DialogFooter>
            <CopyButton key={secret} text={secret ?? ''} />
            <Button onClick={() => setSecret(null)}>Done</Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </Card>
  );
}
