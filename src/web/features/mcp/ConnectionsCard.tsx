import { useQuery } from '@tanstack/react-query';
import { Loader2 } from 'lucide-react';
import { useState } from 'react';
import type { McpConnection } from '../../../shared/mcp-oauth';
import { failureToast, toast } from '../../lib/toast';
import { AccessTable } from '../../ui/access-table';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { mcpQueries, useRevokeConnection } from './api';

/** The assistants connected with OAuth to this workspace: what each may do, when it was last used, Revoke. */
export function ConnectionsCard() {
  const list = useQuery(mcpQueries.connections());
  const [revoking, setRevoking] = useState<(McpConnection & { name: string }) | null>(null);
  const revoke = useRevokeConnection({
    onSuccess: () => {
      setRevoking(null);
      toast({ title: 'Assistant disconnected', description: 'Its access stopped at once.' });
    },
    onError: failureToast('Could not revoke the connection'),
  });
  const rows = (list.data?.connections ?? []).map((c) => ({ ...c, name: c.clientName }));

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
          <AccessTable
            rows={rows}
            headings={{ name: 'Assistant', created: 'Connected' }}
            onRevoke={setRevoking}
            rowTestId="mcp-connection"
          />
        )}
      </CardContent>
      <ConfirmDialog
        open={revoking !== null}
        onClose={() => setRevoking(null)}
        title={`Disconnect “${revoking?.name ?? ''}”?`}
        description="The assistant loses its access immediately; it can ask again later."
        confirm="Revoke"
        busy={revoke.isPending}
        onConfirm={() => revoking && revoke.mutate(revoking.id)}
      />
    </Card>
  );
}
