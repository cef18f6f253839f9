import { queryOptions, useMutation } from '@tanstack/react-query';
import {
  type ActivityPage,
  activityPageSchema,
  type Invitation,
  type InvitationPreview,
  invitationListSchema,
  invitationPreviewSchema,
  type Team,
  teamSchema,
  type Workspace,
  workspaceListSchema,
  workspaceSchema,
} from '../../../shared/workspaces';
import { apiJson, apiRequest, queryClient } from '../../lib/api';
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
export function useTeamAction<T>(opts: {
  request: (input: T) => Promise<Response>;
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

export const teamRequest = (method: string, url: string, body?: unknown) => apiRequest(method, url, body);

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
