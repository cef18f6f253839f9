import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { Loader2, PauseCircle, Reply, UserX } from 'lucide-react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { type LeadCategory, replyBodySchema } from '../../../../shared/replies';
import { errorMessage } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { Alert, AlertDescription } from '../../../ui/alert';
import { Badge } from '../../../ui/badge';
import { Button } from '../../../ui/button';
import { Label } from '../../../ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../ui/select';
import { Textarea } from '../../../ui/textarea';
import { repliesQueries, useLeadChanges } from './api';

/**
 * One lead's thread as Smartlead keeps it (what was sent, what came back, as text), its category, pause
 * and unsubscribe, and a reply box that answers in the same thread.
 */
export function ConversationPanel({
  campaignId,
  email,
  categories,
}: {
  campaignId: string;
  email: string;
  categories: LeadCategory[];
}) {
  const conv = useQuery(repliesQueries.conversation(campaignId, email));
  const change = useLeadChanges(campaignId, email);
  const form = useForm<z.input<typeof replyBodySchema>>({
    resolver: zodResolver(replyBodySchema),
    defaultValues: { text: '' },
  });
  const text = form.watch('text');
  const error = form.formState.errors.text?.message;
  const failed = (title: string) => (err: unknown) =>
    toast({ title, description: errorMessage(err, 'Smartlead did not answer'), variant: 'destructive' });
  const onReply = form.handleSubmit((v) =>
    change.reply.mutate(v.text, {
      onSuccess: () => {
        form.reset({ text: '' });
        toast({
          title: 'Reply sent',
          description: `Your answer to ${email} is on its way.`,
          variant: 'success',
        });
      },
      onError: failed('The reply was not sent'),
    }),
  );
  if (conv.isLoading)
    return <p className="py-8 text-center text-sm text-muted-foreground">Loading the conversation…</p>;
  if (conv.isError)
    return (
      <Alert variant="destructive">
        <AlertDescription>{errorMessage(conv.error, 'Could not load the conversation')}</AlertDescription>
      </Alert>
    );
  const c = conv.data;
  if (!c) return null;
  return (
    <div className="flex flex-col gap-4" data-testid="conversation">
      <div className="flex flex-wrap items-end gap-2">
        <div className="flex flex-col gap-1">
          <Label htmlFor="lead-category">Category</Label>
          <Select
            value={c.category ? String(c.category.id) : ''}
            onValueChange={(v) =>
              change.category.mutate(
                { categoryId: Number(v), pauseLead: false },
                {
                  onSuccess: (k) => toast({ title: `Marked “${k.name}”`, variant: 'success' }),
                  onError: failed('The category was not saved'),
                },
              )
            }
            disabled={categories.length === 0 || change.category.isPending}
          >
            <SelectTrigger id="lead-category" className="w-52" aria-label="Lead category">
              <SelectValue placeholder={categories.length ? 'Choose a category' : 'Categories unavailable'} />
            </SelectTrigger>
            <SelectContent>
              {categories.map((k) => (
                <SelectItem key={k.id} value={String(k.id)}>
                  {k.name}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <Button
          type="button"
          variant="outline"
          disabled={change.action.isPending}
          onClick={() =>
            change.action.mutate('pause', {
              onSuccess: () => toast({ title: 'Lead paused', description: 'No more steps go to it.' }),
              onError: failed('The lead was not paused'),
            })
          }
        >
          <PauseCircle /> Pause lead
        </Button>
        <Button
          type="button"
          variant="outline"
          disabled={change.action.isPending}
          onClick={() =>
            change.action.mutate('unsubscribe', {
              onSuccess: () => toast({ title: 'Unsubscribed from this campaign' }),
              onError: failed('The lead was not unsubscribed'),
            })
          }
        >
          <UserX /> Unsubscribe
        </Button>
      </div>
      <ol className="flex flex-col gap-3" aria-label={`Messages with ${email}`}>
        {c.messages.length === 0 && <li className="text-sm text-muted-foreground">No message yet.</li>}
        {c.messages.map((m, i) => (
          <li
            // biome-ignore lint/suspicious/noArrayIndexKey: messages have no id of their own and never reorder
            key={i}
            className={
              m.direction === 'reply'
                ? 'rounded-lg border bg-emerald-50 p-3'
                : 'rounded-lg border bg-muted/40 p-3'
            }
            data-testid="message"
          >
            <div className="mb-1 flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
              <Badge variant="outline">{m.direction === 'reply' ? 'Reply' : 'Sent'}</Badge>
              <span>{m.from}</span>
              {m.at && <span>· {formatDateTime(m.at)}</span>}
            </div>
            {m.subject && <p className="text-sm font-medium">{m.subject}</p>}
            <p className="text-sm whitespace-pre-wrap">{m.text}</p>
          </li>
        ))}
      </ol>
      <form onSubmit={onReply} className="flex flex-col gap-2">
        <Label htmlFor="reply-text">Your reply</Label>
        <Textarea
          id="reply-text"
          rows={4}
          placeholder="Answer in the same thread, from the mailbox that sent the campaign"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'reply-text-error' : undefined}
          {...form.register('text')}
        />
        {error && (
          <p id="reply-text-error" className="text-xs font-medium text-destructive">
            {error}
          </p>
        )}
        <Button type="submit" className="self-end" disabled={!text.trim() || change.reply.isPending}>
          {change.reply.isPending ? <Loader2 className="animate-spin" /> : <Reply />} Send reply
        </Button>
      </form>
    </div>
  );
}
