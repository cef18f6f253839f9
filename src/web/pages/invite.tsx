import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, Loader2, MailOpen, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { useLocation, useParams } from 'wouter';
import { teamQueries, useAcceptInvitation, useSwitchWorkspace } from '../features/team/api';
import { errorMessage } from '../lib/api';
import { useAuth } from '../lib/auth';
import { Alert, AlertDescription, AlertTitle } from '../ui/alert';
import { Button } from '../ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '../ui/card';
import { Logo } from '../ui/Logo';

const GONE: Record<string, string> = {
  expired: 'This invitation has expired.',
  accepted: 'This invitation has already been used.',
  revoked: 'This invitation was withdrawn.',
};

/** /invite/:token — whose workspace and who invited; sign in (or create an account) first, then accept. */
export default function InvitePage() {
  const { token = '' } = useParams<{ token: string }>();
  const [, navigate] = useLocation();
  const { user, isLoading: userLoading } = useAuth();
  const preview = useQuery(teamQueries.invitationPreview(token));
  const accept = useAcceptInvitation(token);
  const open = useSwitchWorkspace({ onSuccess: () => navigate('/') });
  const next = encodeURIComponent(`/invite/${token}`);
  const p = preview.data;

  let body: ReactNode;
  if (preview.isLoading || userLoading) {
    body = (
      <Loader2
        className="mx-auto size-6 animate-spin text-muted-foreground"
        aria-label="Loading the invitation"
      />
    );
  } else if (preview.isError || !p) {
    body = (
      <Alert variant="destructive">
        <TriangleAlert />
        <AlertTitle>This invitation link does not work</AlertTitle>
        <AlertDescription>
          {errorMessage(preview.error, 'Check that it was copied whole, or ask for a new one.')}
        </AlertDescription>
      </Alert>
    );
  } else if (accept.data) {
    body = (
      <div className="space-y-4" data-testid="invite-accepted">
        <Alert variant="info">
          <CheckCircle2 />
          <AlertTitle>You joined {accept.data.name}</AlertTitle>
          <AlertDescription>
            Switch to it now, or later from the workspace menu in the top bar.
          </AlertDescription>
        </Alert>
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => open.mutate(accept.data)} disabled={open.isPending}>
            Open {accept.data.name}
          </Button>
          <Button variant="outline" onClick={() => navigate('/')}>
            Stay where I am
          </Button>
        </div>
      </div>
    );
  } else if (p.state !== 'pending') {
    body = (
      <Alert variant="warning">
        <TriangleAlert />
        <AlertTitle>{GONE[p.state]}</AlertTitle>
        <AlertDescription>
          Ask {p.inviter ?? 'the person who invited you'} for a new invitation.
        </AlertDescription>
      </Alert>
    );
  } else if (!user) {
    body = (
      <div className="space-y-3">
        <p className="text-sm text-muted-foreground">
          Sign in, or create an account, to accept. You will come back here.
        </p>
        <div className="flex flex-wrap gap-2">
          <Button asChild>
            <a href={`/auth?next=${next}`}>Sign in to accept</a>
          </Button>
          <Button asChild variant="outline">
            <a href={`/auth?next=${next}&mode=register`}>Create an account</a>
          </Button>
        </div>
      </div>
    );
  } else {
    body = (
      <div className="space-y-4">
        <p className="text-sm">
          You are signed in as <strong>{user.username}</strong> ({user.email}).
          {user.email.toLowerCase() !== p.email &&
            ` The invitation was sent to ${p.email}; you may accept it with this account.`}
        </p>
        {accept.isError && (
          <Alert variant="destructive">
            <AlertDescription>
              {errorMessage(accept.error, 'Could not accept the invitation.')}
            </AlertDescription>
          </Alert>
        )}
        <Button onClick={() => accept.mutate()} disabled={accept.isPending}>
          {accept.isPending && <Loader2 className="animate-spin" />} Accept and join {p.workspaceName}
        </Button>
      </div>
    );
  }

  return (
    <div className="flex min-h-screen flex-col items-center bg-muted/40 px-4 py-8">
      <header className="w-full max-w-lg">
        <Logo />
      </header>
      <main id="main" className="flex w-full max-w-lg flex-1 items-center">
        <Card className="w-full">
          <CardHeader>
            <MailOpen className="size-6 text-primary" aria-hidden="true" />
            <h1 className="text-2xl font-bold tracking-tight">
              {p ? `Join ${p.workspaceName} on ${p.productName}` : 'Team invitation'}
            </h1>
            {p && (
              <CardDescription>
                {p.inviter ?? 'Someone'} invited {p.email} as {p.role === 'admin' ? 'an admin' : 'a member'}.
              </CardDescription>
            )}
          </CardHeader>
          <CardContent>{body}</CardContent>
        </Card>
      </main>
    </div>
  );
}
