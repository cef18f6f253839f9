import { useQuery } from '@tanstack/react-query';
import { Loader2, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { McpConnection } from '../../../shared/mcp-oauth';
import { formatDateTime } from '../../lib/format';
import { failureToast, toast } from '../../lib/toast';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../ui/table';
import { mcpQueries, useRevokeConnection } from './api';

const when = (iso: string | null) => (iso ? formatDateTime(iso) : 'Never');

/** The assistants connected with OAuth to this workspace: what each may do, when it was last used, Revoke. */
export function ConnectionsCard() {
  const list = useQuery(mcpQueries.connections());
  const [revoking, setRevoking] = useState<McpConnection | null>(null);
  const revoke = useRevokeConnection({
    onSuccess: () => {
      setRevoking(null);
      toast({ title: 'Assistant disconnected', description: 'Its access stopped at once.' });
    },
    onError: failureToast('Could not revoke the connection'),
  });
  const rows = list.data?.connections ?? [];

  return (
    <Card>
      <CardHeader>
        <CardTitle>Connected assistants</CardTitle>
        <CardDescription>Assistants you allowed through their sign-in button (OAuth).</CardDescription>
      </CardHeader>
      <CardContent>
        {list.isLoading ? (
          <Loader2 className="mx-auto size-5 animate-spin text-muted-foreground" aria-label="Loading" />
        ) : list.isError ? (
          <p className="py-6 text-center text-sm text-destructive">Could not load the connections.</p>
        ) : !rows.length ? (
          <p className="py-6 text-center text-sm text-muted-foreground">No assistant is connected yet.</p>
        ) : (
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Assistant</TableHead>
                <TableHead>Scopes</TableHead>
                <TableHead>Connected</TableHead>
                <TableHead>Last used</TableHead>
                <TableHead className="text-right">Action</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.map((c) => (
                <TableRow key={c.id} data-testid="mcp-connection">
                  <TableCell className="font-medium">{c.clientName}</TableCell>
                  <TableCell className="font-mono text-xs">{c.scopes.join(', ')}</TableCell>
                  <TableCell>{when(c.createdAt)}</TableCell>
                  <TableCell>{when(c.lastUsedAt)}</TableCell>
                  <TableCell className="text-right">
                    <Button size="sm" variant="outline" onClick={() => setRevoking(c)}>
                      <Trash2 /> Revoke
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
      <ConfirmDialog
        open={revoking !== null}
        onClose={() => setRevoking(null)}
        title={`Disconnect “${revoking?.clientName ?? ''}”?`}
        description="The assistant loses its access immediately; it can ask again later."
        confirm="Revoke"
        busy={revoke.isPending}
        onConfirm={() => revoking && revoke.mutate(revoking.id)}
      />
    </Card>
  );
}
