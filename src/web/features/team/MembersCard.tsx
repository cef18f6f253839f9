import { Crown, UserMinus } from 'lucide-react';
import { useState } from 'react';
import { can, type Member, type Team } from '../../../shared/workspaces';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../ui/select';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../ui/table';
import { teamCalls, useTeamAction, when } from './api';

type Pending = { kind: 'remove' | 'transfer'; member: Member } | null;

/** Who is in the workspace; admins change roles and remove people, the owner hands ownership over. */
export function MembersCard({ team }: { team: Team }) {
  const [pending, setPending] = useState<Pending>(null);
  const manage = can(team.yourRole, 'members:manage');
  const owner = team.yourRole === 'owner';
  const role = useTeamAction({
    request: teamCalls.changeRole,
    success: (v) => `${v.member.username} is now ${v.role === 'admin' ? 'an admin' : 'a member'}`,
    failure: 'Could not change the role',
  });
  const remove = useTeamAction({
    request: teamCalls.removeMember,
    success: (m) => `${m.username} was removed`,
    failure: 'Could not remove the member',
    onDone: () => setPending(null),
  });
  const transfer = useTeamAction({
    request: teamCalls.transfer,
    success: (m) => `${m.username} now owns ${team.workspace.name}`,
    failure: 'Could not transfer ownership',
    onDone: () => setPending(null),
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Members</CardTitle>
        <CardDescription>
          {team.members.length === 1
            ? 'Only you so far.'
            : `${team.members.length} people work in ${team.workspace.name}.`}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Name</TableHead>
              <TableHead>Role</TableHead>
              <TableHead>Joined</TableHead>
              {manage && <TableHead className="text-right">Actions</TableHead>}
            </TableRow>
          </TableHeader>
          <TableBody>
            {team.members.map((m) => {
              const editable = manage && m.role !== 'owner' && !m.you;
              return (
                <TableRow key={m.userId} data-testid={`member-${m.username}`}>
                  <TableCell>
                    <div className="font-medium">
                      {m.name ?? m.username} {m.you && <Badge variant="outline">You</Badge>}
                    </div>
                    <div className="text-xs text-muted-foreground">{m.email}</div>
                  </TableCell>
                  <TableCell>
                    {editable ? (
                      <Select
                        value={m.role}
                        disabled={role.isPending}
                        onValueChange={(v) => role.mutate({ member: m, role: v })}
                      >
                        <SelectTrigger className="w-32" aria-label={`Role of ${m.username}`}>
                          <SelectValue />
                        </SelectTrigger>
                        <SelectContent>
                          <SelectItem value="member">Member</SelectItem>
                          <SelectItem value="admin">Admin</SelectItem>
                        </SelectContent>
                      </Select>
                    ) : (
                      <Badge variant={m.role === 'owner' ? 'info' : 'secondary'} className="capitalize">
                        {m.role === 'owner' && <Crown aria-hidden="true" />} {m.role}
                      </Badge>
                    )}
                  </TableCell>
                  <TableCell>{when(m.joinedAt)}</TableCell>
                  {manage && (
                    <TableCell className="space-x-2 text-right">
                      {owner && !m.you && (
                        <Button
                          size="sm"
                          variant="outline"
                          onClick={() => setPending({ kind: 'transfer', member: m })}
                        >
                          <Crown /> Make owner
                        </Button>
                      )}
                      {editable && !m.personalHome && (
                        <Button
                          size="sm"
                          variant="outline"
                          onClick={() => setPending({ kind: 'remove', member: m })}
                          aria-label={`Remove ${m.username}`}
                        >
                          <UserMinus /> Remove
                        </Button>
                      )}
                    </TableCell>
                  )}
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </CardContent>
      <ConfirmDialog
        open={pending?.kind === 'remove'}
        onClose={() => setPending(null)}
        title={`Remove ${pending?.member.username} from ${team.workspace.name}?`}
        description="They lose access to its lists, campaigns and settings at once. You can invite them again later."
        confirm="Remove"
        busy={remove.isPending}
        onConfirm={() => pending && remove.mutate(pending.member)}
      />
      <ConfirmDialog
        open={pending?.kind === 'transfer'}
        onClose={() => setPending(null)}
        title={`Make ${pending?.member.username} the owner of ${team.workspace.name}?`}
        description="They can then delete the workspace or hand it on. You stay in it as an admin."
        confirm="Transfer ownership"
        busy={transfer.isPending}
        onConfirm={() => pending && transfer.mutate(pending.member)}
      />
    </Card>
  );
}
