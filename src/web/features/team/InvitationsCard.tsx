import { useQuery } from '@tanstack/react-query';
import { Loader2, X } from 'lucide-react';
import { errorMessage } from '../../lib/api';
import { Alert, AlertDescription } from '../../ui/alert';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../ui/table';
import { teamCalls, teamQueries, useTeamAction, when } from './api';

/** Invitations nobody has used yet, each revocable (its link then stops working). */
export function InvitationsCard() {
  const list = useQuery(teamQueries.invitations());
  const revoke = useTeamAction({
    request: teamCalls.revokeInvitation,
    success: (i) => `Invitation for ${i.email} revoked`,
    failure: 'Could not revoke the invitation',
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle>Pending invitations</CardTitle>
      </CardHeader>
      <CardContent>
        {list.isLoading ? (
          <Loader2
            className="mx-auto size-5 animate-spin text-muted-foreground"
            aria-label="Loading invitations"
          />
        ) : list.isError ? (
          <Alert variant="destructive">
            <AlertDescription>{errorMessage(list.error, 'Could not load the invitations.')}</AlertDescription>
          </Alert>
        ) : !list.data?.length ? (
          <p className="py-4 text-center text-sm text-muted-foreground">No pending invitations.</p>
        ) : (
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Email</TableHead>
                <TableHead>Role</TableHead>
                <TableHead>Invited by</TableHead>
                <TableHead>Expires</TableHead>
                <TableHead className="text-right">Action</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {list.data.map((i) => (
                <TableRow key={i.id}>
                  <TableCell className="font-medium">{i.email}</TableCell>
                  <TableCell>
                    <Badge variant="secondary" className="capitalize">
                      {i.role}
                    </Badge>
                  </TableCell>
                  <TableCell>{i.invitedBy ?? '—'}</TableCell>
                  <TableCell>{when(i.expiresAt)}</TableCell>
                  <TableCell className="text-right">
                    <Button
                      size="sm"
                      variant="outline"
                      disabled={revoke.isPending}
                      onClick={() => revoke.mutate(i)}
                      aria-label={`Revoke the invitation for ${i.email}`}
                    >
                      <X /> Revoke
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}
