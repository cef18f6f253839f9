import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Download, History, RefreshCw, Upload } from 'lucide-react';
import { Link } from 'wouter';
import type { UploadStatusResponse } from '../../../shared/lists';
import { apiRequest } from '../../lib/api';
import { Button } from '../ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../ui/card';
import { exportUrl } from './ExportMenu';

export function QuickActions({ status }: { status: UploadStatusResponse }) {
  const queryClient = useQueryClient();
  const reverify = useMutation({
    mutationFn: async () => (await apiRequest('POST', `/api/verify/${status.id}/pending`, {})).json(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['/api/upload', status.id] }),
    // SPEC §8: a re-verify failure is only logged.
    onError: (err) => console.error('Failed to start re-verification', err),
  });
  const canReverify = status.stats.pending > 0 && status.status !== 'processing';
  return (
    <Card>
      <CardHeader>
        <CardTitle>Quick Actions</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-wrap gap-2">
        <Button asChild variant="outline">
          <Link href="/upload">
            <Upload /> Upload New List
          </Link>
        </Button>
        <Button asChild variant="outline">
          <Link href="/history">
            <History /> View History
          </Link>
        </Button>
        <Button variant="outline" onClick={() => window.open(exportUrl(status.id, 'valid'), '_blank')}>
          <Download /> Export Valid
        </Button>
        <Button
          variant="outline"
          disabled={!canReverify || reverify.isPending}
          onClick={() => reverify.mutate()}
          title={canReverify ? undefined : 'No pending emails to re-verify'}
        >
          <RefreshCw className={reverify.isPending ? 'animate-spin' : undefined} /> Re-verify Pending
          {status.stats.pending > 0 ? ` (${status.stats.pending.toLocaleString()})` : ''}
        </Button>
      </CardContent>
    </Card>
  );
}
