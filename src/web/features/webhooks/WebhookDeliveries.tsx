import { useQuery } from '@tanstack/react-query';
import { formatDateTime, formatTime } from '../../lib/format';
import { Badge } from '../../ui/badge';
import { Skeleton } from '../../ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../ui/table';
import { webhookQueries } from './api';

const STATUS = {
  delivered: { label: 'Delivered', variant: 'success' },
  pending: { label: 'Retrying', variant: 'warning' },
  failed: { label: 'Failed', variant: 'destructive' },
} as const;

/** The delivery log of one endpoint; refreshes while a delivery is still being retried. */
export function WebhookDeliveries({ endpointId }: { endpointId: string }) {
  const log = useQuery(webhookQueries.deliveries(endpointId));
  if (log.isLoading) return <Skeleton className="h-12 w-full" />;
  if (log.isError) return <p className="text-sm text-destructive">Could not load the delivery log.</p>;
  if (!log.data?.length) return <p className="text-sm text-muted-foreground">No deliveries yet.</p>;
  return (
    <Table aria-label="Delivery log">
      <TableHeader>
        <TableRow>
          <TableHead>Event</TableHead>
          <TableHead>Status</TableHead>
          <TableHead>Attempts</TableHead>
          <TableHead>Response</TableHead>
          <TableHead>Sent</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {log.data.map((d) => (
          <TableRow key={d.id} data-testid="delivery-row">
            <TableCell className="font-mono text-xs">{d.type}</TableCell>
            <TableCell>
              <Badge variant={STATUS[d.status].variant}>{STATUS[d.status].label}</Badge>
            </TableCell>
            <TableCell>{d.attempts}</TableCell>
            <TableCell
              className="max-w-64 truncate text-xs text-muted-foreground"
              title={d.lastError ?? undefined}
            >
              {d.lastError ?? (d.lastStatusCode ? `HTTP ${d.lastStatusCode}` : '—')}
              {d.nextAttemptAt && ` · next try ${formatTime(d.nextAttemptAt)}`}
            </TableCell>
            <TableCell className="text-xs text-muted-foreground">
              {formatDateTime(d.deliveredAt ?? d.createdAt)}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
