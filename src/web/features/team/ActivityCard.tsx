import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight, Loader2 } from 'lucide-react';
import { useState } from 'react';
import type { ActivityEntry } from '../../../shared/workspaces';
import { errorMessage } from '../../lib/api';
import { Alert, AlertDescription } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../ui/table';
import { teamQueries, when } from './api';

const PAGE_SIZE = 20;

const what = (e: ActivityEntry) => {
  const extra = [
    e.detail.type && `(${e.detail.type})`,
    e.detail.role && `as ${e.detail.role}`,
    e.detail.to && `to ${e.detail.to}`,
  ]
    .filter(Boolean)
    .join(' ');
  return extra ? `${e.label} ${extra}` : e.label;
};

/** Who did what in the workspace, newest first, a page at a time. */
export function ActivityCard() {
  const [page, setPage] = useState(1);
  const log = useQuery({ ...teamQueries.activity(page, PAGE_SIZE), placeholderData: keepPreviousData });
  const pages = Math.max(1, Math.ceil((log.data?.total ?? 0) / PAGE_SIZE));
  return (
    <Card>
      <CardHeader>
        <CardTitle>Activity</CardTitle>
        <CardDescription>
          {log.data?.scope === 'work'
            ? 'The work done in this workspace: lists, verifications, exports, scrapes and campaigns.'
            : 'Everything done in this workspace: work, settings, keys, billing and members.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {log.isLoading ? (
          <Loader2
            className="mx-auto size-5 animate-spin text-muted-foreground"
            aria-label="Loading activity"
          />
        ) : log.isError ? (
          <Alert variant="destructive">
            <AlertDescription>{errorMessage(log.error, 'Could not load the activity.')}</AlertDescription>
          </Alert>
        ) : !log.data?.entries.length ? (
          <p className="py-4 text-center text-sm text-muted-foreground">Nothing has happened here yet.</p>
        ) : (
          <>
            <Table data-testid="activity-table">
              <TableHeader>
                <TableRow>
                  <TableHead>When</TableHead>
                  <TableHead>Who</TableHead>
                  <TableHead>What</TableHead>
                  <TableHead>On</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {log.data.entries.map((e) => (
                  <TableRow key={e.id}>
                    <TableCell className="whitespace-nowrap">{when(e.createdAt)}</TableCell>
                    <TableCell className="font-medium">{e.actor ?? 'A former member'}</TableCell>
                    <TableCell>{what(e)}</TableCell>
                    <TableCell className="max-w-60 truncate" title={e.targetLabel ?? e.target ?? undefined}>
                      {e.targetLabel ?? '—'}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            <nav aria-label="Activity pages" className="flex items-center justify-end gap-2 text-sm">
              <span className="mr-2 text-muted-foreground" aria-live="polite">
                Page {page} of {pages}
              </span>
              <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                <ChevronLeft /> Newer
              </Button>
              <Button size="sm" variant="outline" disabled={page >= pages} onClick={() => setPage(page + 1)}>
                Older <ChevronRight />
              </Button>
            </nav>
          </>
        )}
      </CardContent>
    </Card>
  );
}
