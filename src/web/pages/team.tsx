import { useQuery } from '@tanstack/react-query';
import { Loader2 } from 'lucide-react';
import { can } from '../../shared/workspaces';
import { ActivityCard } from '../features/team/ActivityCard';
import { teamQueries } from '../features/team/api';
import { InvitationsCard } from '../features/team/InvitationsCard';
import { InviteCard } from '../features/team/InviteCard';
import { MembersCard } from '../features/team/MembersCard';
import { WorkspaceCard } from '../features/team/WorkspaceCard';
import { errorMessage } from '../lib/api';
import { Alert, AlertDescription, AlertTitle } from '../ui/alert';
import { Button } from '../ui/button';
import { PageHeader } from '../ui/PageHeader';

/** The current workspace's people: members and roles, invitations, leaving, and the activity log. */
export default function TeamPage() {
  const team = useQuery(teamQueries.team());
  const t = team.data;
  return (
    <div className="space-y-6">
      <PageHeader
        title="Team"
        description={
          t ? `Who works in ${t.workspace.name}, with which role, and what they did` : 'Members and roles'
        }
      />
      {team.isLoading ? (
        <div className="flex justify-center py-12">
          <Loader2 className="size-6 animate-spin text-muted-foreground" aria-label="Loading the team" />
        </div>
      ) : team.isError || !t ? (
        <Alert variant="destructive">
          <AlertTitle>Could not load the team</AlertTitle>
          <AlertDescription className="mt-2 space-y-2">
            <p>{errorMessage(team.error, 'Please try again.')}</p>
            <Button size="sm" variant="outline" onClick={() => team.refetch()}>
              Retry
            </Button>
          </AlertDescription>
        </Alert>
      ) : (
        <>
          {can(t.yourRole, 'members:manage') && <InviteCard team={t} />}
          <MembersCard team={t} />
          {can(t.yourRole, 'members:manage') && <InvitationsCard />}
          <ActivityCard />
          <WorkspaceCard team={t} />
        </>
      )}
    </div>
  );
}
