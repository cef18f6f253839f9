import { useQuery } from '@tanstack/react-query';
import { Loader2, LogOut } from 'lucide-react';
import { useState } from 'react';
import type { SessionInfo } from '../../../shared/account';
import { errorMessage, queryClient } from '../../lib/api';
import { USER_KEY } from '../../lib/auth';
import { formatDateTime } from '../../lib/format';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { accountCalls, accountQueries, useAccountAction } from './api';

/** "Chrome on Windows"-like words for a user agent; the raw string when nothing is recognised. */
export function describeAgent(ua: string | null): string {
  if (!ua) return 'Unknown browser';
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /Firefox\//.test(ua)
      ? 'Firefox'
      : /Chrome\//.test(ua)
        ? 'Chrome'
        : /Safari\//.test(ua)
          ? 'Safari'
          : null;
  const os = /Windows/.test(ua)
    ? 'Windows'
    : /Android/.test(ua)
      ? 'Android'
      : /iPhone|iPad/.test(ua)
        ? 'iOS'
        : /Mac OS X/.test(ua)
          ? 'macOS'
          : /Linux/.test(ua)
            ? 'Linux'
            : null;
  if (!browser) return ua.slice(0, 60);
  return os ? `${browser} on ${os}` : browser;
}

function SessionRow({ s }: { s: SessionInfo }) {
  const end = useAccountAction({
    request: () => accountCalls.endSession(s.id),
    success: 'Session signed out',
    failure: 'Could not sign that session out',
  });
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3" data-testid="session-row">
      <div className="min-w-0">
        <p className="font-medium">
          {describeAgent(s.userAgent)} {s.current && <Badge variant="secondary">This browser</Badge>}
        </p>
        <p className="text-xs text-muted-foreground">
          Signed in {formatDateTime(s.createdAt)}
          {s.ip ? ` from ${s.ip}` : ''}
        </p>
      </div>
      {!s.current && (
        <Button size="sm" variant="outline" onClick={() => end.mutate(undefined)} disabled={end.isPending}>
          {end.isPending ? <Loader2 className="animate-spin" /> : <LogOut />}
          Sign out<span className="sr-only"> {describeAgent(s.userAgent)}</span>
        </Button>
      )}
    </li>
  );
}

/** Where the account is signed in; one or all of them can be signed out. */
export function SessionsCard() {
  const sessions = useQuery(accountQueries.sessions());
  const [confirming, setConfirming] = useState(false);
  const everywhere = useAccountAction({
    request: accountCalls.endAllSessions,
    failure: 'Could not sign out everywhere',
    onDone: () => {
      // This browser is signed out too: the app goes to the sign-in page.
      queryClient.setQueryData(USER_KEY, null);
      window.location.assign('/auth?mode=login');
    },
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle>Sessions</CardTitle>
        <CardDescription>The browsers signed in to your account.</CardDescription>
      </CardHeader>
      <CardContent>
        {sessions.isLoading ? (
          <Loader2
            className="mx-auto size-6 animate-spin text-muted-foreground"
            aria-label="Loading sessions"
          />
        ) : sessions.isError ? (
          <div className="space-y-2 text-sm">
            <p className="text-destructive">{errorMessage(sessions.error, 'Could not load the sessions.')}</p>
            <Button size="sm" variant="outline" onClick={() => sessions.refetch()}>
              Retry
            </Button>
          </div>
        ) : !sessions.data?.length ? (
          <p className="text-sm text-muted-foreground">No sessions.</p>
        ) : (
          <ul className="divide-y" aria-label="Sessions">
            {sessions.data.map((s) => (
              <SessionRow key={s.id} s={s} />
            ))}
          </ul>
        )}
        <Button variant="outline" className="mt-4" onClick={() => setConfirming(true)}>
          <LogOut /> Sign out everywhere
        </Button>
        <ConfirmDialog
          open={confirming}
          onClose={() => setConfirming(false)}
          title="Sign out everywhere?"
          description="Every browser signed in to your account, this one included, will have to sign in again."
          confirm="Sign out everywhere"
          busy={everywhere.isPending}
          onConfirm={() => everywhere.mutate(undefined)}
        />
      </CardContent>
    </Card>
  );
}
