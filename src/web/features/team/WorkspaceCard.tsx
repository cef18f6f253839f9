import { DoorOpen, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useLocation } from 'wouter';
import type { Team } from '../../../shared/workspaces';
import { queryClient } from '../../lib/api';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { Input } from '../../ui/input';
import { Label } from '../../ui/label';
import { teamCalls, useTeamAction } from './api';

/** Leaving the workspace, and (its owner) deleting it. A personal workspace is home: neither applies. */
export function WorkspaceCard({ team }: { team: Team }) {
  const [, navigate] = useLocation();
  const [open, setOpen] = useState<'leave' | 'delete' | null>(null);
  const [typed, setTyped] = useState('');
  const name = team.workspace.name;
  // Afterwards the session works in another workspace: every screen's data changes.
  const away = () => {
    setOpen(null);
    navigate('/');
    queryClient.invalidateQueries();
  };
  const leave = useTeamAction({
    request: teamCalls.leave,
    success: `You left ${name}`,
    failure: 'Could not leave',
    onDone: away,
  });
  const remove = useTeamAction({
    request: () => teamCalls.deleteWorkspace(typed),
    success: `${name} was deleted`,
    failure: 'Could not delete the workspace',
    onDone: away,
  });
  const you = team.members.find((m) => m.you);
  if (team.workspace.personal || you?.personalHome) {
    return (
      <p className="text-sm text-muted-foreground">
        {team.workspace.personal
          ? 'This is your personal workspace: it stays yours, so it cannot be left or deleted.'
          : `${name} is your personal workspace: you always stay in it.`}
      </p>
    );
  }
  return (
    <Card>
      <CardHeader>
        <CardTitle>Leave or delete</CardTitle>
        <CardDescription>
          {team.yourRole === 'owner'
            ? 'As the owner, hand ownership to another member before leaving.'
            : `Leaving ends your access to ${name}.`}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap gap-2">
        <Button variant="outline" onClick={() => setOpen('leave')}>
          <DoorOpen /> Leave {name}
        </Button>
        {team.yourRole === 'owner' && (
          <Button variant="destructive" onClick={() => setOpen('delete')}>
            <Trash2 /> Delete workspace
          </Button>
        )}
      </CardContent>
      <ConfirmDialog
        open={open === 'leave'}
        onClose={() => setOpen(null)}
        title={`Leave ${name}?`}
        description="You will need a new invitation to come back."
        confirm="Leave"
        busy={leave.isPending}
        onConfirm={() => leave.mutate(undefined)}
      />
      <ConfirmDialog
        open={open === 'delete'}
        onClose={() => setOpen(null)}
        title={`Delete ${name}?`}
        description="Its lists, campaigns, settings and members go with it, for everyone. This cannot be undone."
        confirm="Delete for good"
        busy={remove.isPending}
        ready={typed.trim() === name}
        onConfirm={() => remove.mutate(undefined)}
      >
        <div className="space-y-1.5">
          <Label htmlFor="confirm-name">Type {name} to confirm</Label>
          <Input
            id="confirm-name"
            value={typed}
            autoComplete="off"
            onChange={(e) => setTyped(e.target.value)}
          />
        </div>
      </ConfirmDialog>
    </Card>
  );
}
