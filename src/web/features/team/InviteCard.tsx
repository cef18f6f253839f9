import { zodResolver } from '@hookform/resolvers/zod';
import { Link2, Loader2, Sparkles, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { type CreatedInvitation, createInvitationSchema, type Team } from '../../../shared/workspaces';
import { formatDateTime } from '../../lib/format';
import { Alert, AlertDescription, AlertTitle } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { CopyButton } from '../../ui/copy-button';
import { FormField } from '../../ui/form-field';
import { Label } from '../../ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../ui/select';
import { teamCalls, useTeamAction } from './api';

type InviteRole = 'admin' | 'member';
type InviteInput = z.input<typeof createInvitationSchema>;
type InviteOutput = z.output<typeof createInvitationSchema>;

// The server answers a bare path when it does not know its public address; the page's own is the one
// the inviter uses.
const fullLink = (link: string) => (link.startsWith('/') ? `${window.location.origin}${link}` : link);

/** Invite by email: the link is shown once to copy (and mailed when the server has a relay). */
export function InviteCard({ team }: { team: Team }) {
  const form = useForm<InviteInput, unknown, InviteOutput>({
    resolver: zodResolver(createInvitationSchema),
    defaultValues: { email: '', role: 'member' },
  });
  const [created, setCreated] = useState<CreatedInvitation | null>(null);
  const invite = useTeamAction({
    request: teamCalls.invite,
    success: (v) => `Invitation created for ${v.email}`,
    failure: 'Could not invite',
  });
  const email = form.watch('email');
  const role = form.watch('role');

  const submit = form.handleSubmit((v) =>
    invite.mutate(v, {
      onSuccess: (created) => {
        setCreated(created);
        form.reset({ email: '', role: v.role });
      },
    }),
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle>Invite people</CardTitle>
        <CardDescription>
          Each invitation is a link that works once and expires. Admins manage members, keys and billing;
          members do the work.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {!team.inviting.allowed ? (
          <Alert variant="warning" data-testid="invite-plan-gate">
            <Sparkles />
            <AlertTitle>Teams are part of White Label</AlertTitle>
            <AlertDescription className="mt-1 space-y-3">
              <p>{team.inviting.message}</p>
              {team.inviting.upgradeUrl && (
                <Button asChild size="sm">
                  <a href={team.inviting.upgradeUrl}>Upgrade to White Label</a>
                </Button>
              )}
            </AlertDescription>
          </Alert>
        ) : (
          <form onSubmit={submit} className="flex flex-col gap-3 sm:flex-row sm:items-end">
            <div className="flex-1">
              <FormField
                id="invite-email"
                label="Email address"
                type="email"
                autoComplete="off"
                maxLength={254}
                placeholder="colleague@example.com"
                error={form.formState.errors.email?.message}
                {...form.register('email')}
              />
            </div>
            <div className="space-y-1.5 sm:w-40">
              <Label htmlFor="invite-role">Role</Label>
              <Select value={role} onValueChange={(v) => form.setValue('role', v as InviteRole)}>
                <SelectTrigger id="invite-role">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value="member">Member</SelectItem>
                  <SelectItem value="admin">Admin</SelectItem>
                </SelectContent>
              </Select>
            </div>
            <Button type="submit" disabled={!email?.trim() || invite.isPending}>
              {invite.isPending ? <Loader2 className="animate-spin" /> : <UserPlus />} Invite
            </Button>
          </form>
        )}
        {created && (
          <Alert variant="info" data-testid="invite-created">
            <Link2 />
            <AlertTitle>Copy the invitation link for {created.email} now: it is shown only once</AlertTitle>
            <AlertDescription className="mt-2 space-y-2">
              <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
                <code
                  className="flex-1 break-all rounded bg-white px-2 py-1 text-xs"
                  data-testid="invite-link"
                >
                  {fullLink(created.link)}
                </code>
                <CopyButton key={created.link} text={fullLink(created.link)} size="sm" />
              </div>
              <p className="text-xs">
                {created.emailed === true
                  ? `We also emailed it to ${created.email}.`
                  : created.emailed === false
                    ? `The email to ${created.email} could not be sent (${created.emailError}). Send the link yourself.`
                    : 'Send it to them yourself (this server sends no email).'}{' '}
                It expires {formatDateTime(created.expiresAt)}.
              </p>
            </AlertDescription>
          </Alert>
        )}
      </CardContent>
    </Card>
  );
}
