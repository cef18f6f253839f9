import { queryOptions, useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  type ActivityPage,
  activityPageSchema,
  createdInvitationSchema,
  type createInvitationSchema,
  type Invitation,
  type InvitationPreview,
  invitationListSchema,
  invitationPreviewSchema,
  type Member,
  okSchema,
  type Team,
  teamSchema,
  type Workspace,
  workspaceListSchema,
  workspaceSchema,
} from '../../../shared/workspaces';
import { apiJson, queryClient } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import type { MutationCallbacks } from '../../lib/mutation';
import { failureToast, toast } from '../../lib/toast';

export const teamQueries = {
  team: () =>
    queryOptions<Team>({ queryKey: ['/api/workspaces/current/members'], meta: { schema: teamSchema } }),
  invitations: () =>
    queryOptions<Invitation[]>({
      queryKey: ['/api/workspaces/current/invitations'],
      meta: { schema: invitationListSchema },
    }),
  activity: (page: number, pageSize: number) =>
    queryOptions<ActivityPage>({
      queryKey: [`/api/workspaces/current/activity?page=${page}&pageSize=${pageSize}`],
      meta: { schema: activityPageSchema },
    }),
  /** The workspaces the user belongs to, the one this browser works in marked `current`. */
  workspaces: () =>
    queryOptions<Workspace[]>({ queryKey: ['/api/workspaces'], meta: { schema: workspaceListSchema } }),
  /** Whose workspace an invitation opens, and who sent it (read before signing in). */
  invitationPreview: (token: string) =>
    queryOptions<InvitationPreview>({
      queryKey: [`/api/invitations/preview?token=${encodeURIComponent(token)}`],
      meta: { schema: invitationPreviewSchema },
    }),
};

/** Everything about workspaces (members, invitations, log, the switcher's list) is read again. */
export const refreshTeam = () =>
  queryClient.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith('/api/workspaces') });

/** A team change: the request, then a toast and a refresh; failures say the server's sentence. */
export function useTeamAction<T, R = unknown>(opts: {
  request: (input: T) => Promise<R>;
  success: string | ((input: T) => string);
  failure: string;
  onDone?: (input: T) => void;
}) {
  return useMutation({
    mutationFn: opts.request,
    onSuccess: async (_res, input) => {
      toast({
        title: typeof opts.success === 'string' ? opts.success : opts.success(input),
        variant: 'success',
      });
      opts.onDone?.(input);
      await refreshTeam();
    },
    onError: failureToast(opts.failure),
  });
}

type CreateInvitationInput = z.output<typeof createInvitationSchema>;
const CURRENT = '/api/workspaces/current';
const ok = (method: string, url: string, body?: unknown) => apiJson(okSchema, method, url, body);

/** The team's changes, for useTeamAction; each answer is checked against its shared schema. */
export const teamCalls = {
  changeRole: (v: { member: Member; role: string }) =>
    ok('PATCH', `${CURRENT}/members/${v.member.userId}`, { role: v.role }),
  removeMember: (m: Member) => ok('DELETE', `${CURRENT}/members/${m.userId}`),
  transfer: (m: Member) => ok('POST', `${CURRENT}/transfer`, { userId: m.userId }),
  /** The answer holds the invitation's link, shown once. */
  invite: (v: CreateInvitationInput) => apiJson(createdInvitationSchema, 'POST', `${CURRENT}/invitations`, v),
  revokeInvitation: (i: Invitation) => ok('DELETE', `${CURRENT}/invitations/${i.id}`),
  leave: () => ok('POST', `${CURRENT}/leave`),
  /** The workspace's name, typed again, confirms it. */
  deleteWorkspace: (confirmName: string) => ok('DELETE', CURRENT, { confirmName }),
};

export const when = (iso: string) => formatDateTime(iso);

/** Joins the workspace the invitation names; the answer is that workspace. */
export const useAcceptInvitation = (token: string) =>
  useMutation({
    mutationFn: () => apiJson(workspaceSchema, 'POST', '/api/invitations/accept', { token }),
  });

/**
 * Acts in another workspace from now on. Every screen's data belongs to a workspace: all of it is read
 * again before the screen's own callbacks.
 */
export const useSwitchWorkspace = (cb: MutationCallbacks<Workspace, Workspace> = {}) =>
  useMutation({
    mutationFn: (w: Workspace) =>
      apiJson(workspaceSchema, 'POST', '/api/workspaces/switch', { workspaceId: w.id }),
    ...cb,
    onSuccess: async (r, w) => {
      await queryClient.invalidateQueries();
      cb.onSuccess?.(r, w);
    },
  });
