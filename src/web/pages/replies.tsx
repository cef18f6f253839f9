import { useQuery } from '@tanstack/react-query';
import { Inbox } from 'lucide-react';
import { useState } from 'react';
import { smartleadQueries } from '../features/smartlead/api';
import { repliesQueries } from '../features/smartlead/replies/api';
import { ConversationPanel } from '../features/smartlead/replies/ConversationPanel';
import { errorMessage } from '../lib/api';
import { formatDateTime } from '../lib/format';
import { cn } from '../lib/utils';
import { Alert, AlertDescription } from '../ui/alert';
import { Badge } from '../ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '../ui/card';
import { PageHeader } from '../ui/PageHeader';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../ui/select';
import { Skeleton } from '../ui/skeleton';

// Replies (decision 0202): every reply to the workspace's campaigns, newest first, filtered by campaign
// and category; choosing one opens its conversation, category, pause/unsubscribe and a reply box.
export default function RepliesPage() {
  const [campaignId, setCampaignId] = useState('');
  const [category, setCategory] = useState('');
  const replies = useQuery(repliesQueries.inbox({ campaignId, category }));
  const campaigns = useQuery(smartleadQueries.campaigns());
  const [open, setOpen] = useState<{ campaignId: string; email: string } | null>(null);
  const list = replies.data?.replies ?? [];
  const categories = replies.data?.categories ?? [];
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title="Replies" description="Read what your leads answered, sort them and reply" />
      <div className="flex flex-wrap gap-2">
        <Select value={campaignId || 'all'} onValueChange={(v) => setCampaignId(v === 'all' ? '' : v)}>
          <SelectTrigger className="w-60" aria-label="Filter by campaign">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value="all">All campaigns</SelectItem>
            {(campaigns.data?.campaigns ?? []).map((c) => (
              <SelectItem key={c.id} value={c.id}>
                {c.name}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        <Select value={category || 'all'} onValueChange={(v) => setCategory(v === 'all' ? '' : v)}>
          <SelectTrigger className="w-52" aria-label="Filter by category">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value="all">Any category</SelectItem>
            <SelectItem value="none">Not categorised</SelectItem>
            {categories.map((k) => (
              <SelectItem key={k.id} value={String(k.id)}>
                {k.name}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      {replies.isError && (
        <Alert variant="destructive">
          <AlertDescription>{errorMessage(replies.error, 'Could not load the replies')}</AlertDescription>
        </Alert>
      )}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <Card>
          <CardHeader>
            <CardTitle>
              {replies.data
                ? `${list.length.toLocaleString()} ${list.length === 1 ? 'reply' : 'replies'}`
                : 'Replies'}
            </CardTitle>
          </CardHeader>
          <CardContent>
            {replies.isLoading && <Skeleton className="h-40" />}
            {replies.data && list.length === 0 && (
              <div className="flex flex-col items-center gap-2 py-10 text-center text-sm text-muted-foreground">
                <Inbox className="size-8" aria-hidden />
                <p>No reply here yet. Replies show up as Smartlead reports them.</p>
              </div>
            )}
            <ul className="flex flex-col gap-1" aria-label="Replies">
              {list.map((r) => {
                const selected = open?.campaignId === r.campaignId && open.email === r.email;
                return (
                  <li key={`${r.campaignId}:${r.email}`}>
                    <button
                      type="button"
                      aria-current={selected ? 'true' : undefined}
                      onClick={() => setOpen({ campaignId: r.campaignId, email: r.email })}
                      className={cn(
                        'flex w-full flex-col items-start gap-1 rounded-md border p-3 text-left text-sm hover:bg-muted/60',
                        selected && 'border-primary bg-muted/60',
                      )}
                    >
                      <span className="font-medium break-all">{r.email}</span>
                      <span className="text-xs text-muted-foreground">
                        {r.campaignName} · {formatDateTime(r.repliedAt)}
                      </span>
                      {r.category && <Badge variant="secondary">{r.category.name}</Badge>}
                    </button>
                  </li>
                );
              })}
            </ul>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle className="break-all">{open ? open.email : 'Conversation'}</CardTitle>
          </CardHeader>
          <CardContent>
            {open ? (
              <ConversationPanel
                key={`${open.campaignId}:${open.email}`}
                campaignId={open.campaignId}
                email={open.email}
                categories={categories}
              />
            ) : (
              <p className="py-10 text-center text-sm text-muted-foreground">Choose a reply to read it.</p>
            )}
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
