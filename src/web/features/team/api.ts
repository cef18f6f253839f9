import { queryOptions, useMutation } from '@tanstack/react-query';
import type {
  ActivityPage,
  Invitation,
  InvitationPreview,
  Team,
  Workspace,
} from '../../../shared/workspaces';
import { apiRequest, queryClient } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { failureToast, toast } from '../../lib/toast';

export const teamQueries = {
  team: () => queryOptions<Team>({ queryKey: ['/api/workspaces/current/members'] }),
  invitations: () => queryOptions<Invitation[]>({ queryKey: ['/api/workspaces/current/invitations'] }),
  activity: (page: number, pageSize: number) =>
    queryOptions<ActivityPage>({
      queryKey: [`/api/workspaces/current/activity?page=${page}&pageSize=${pageSize}`],
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

/** Whose workspace an invitation opens, and who sent it (read before signing in). */
export const invitationPreviewQuery = (token: string) =>
  queryOptions<InvitationPreview>({
    queryKey: [`/api/invitations/preview?token=${encodeURIComponent(token)}`],
  });

/** Joins the workspace the invitation names; the answer is that workspace. */
export const useAcceptInvitation = (token: string) =>
  useMutation({
    mutationFn: async () =>
      (await (await apiRequest('POST', '/api/invitations/accept', { token })).json()) as Workspace,
  });

/** Acts in another workspace from now on: everything on screen is read again, then `onOpened`. */
export const useOpenWorkspace = (onOpened: () => void) =>
  useMutation({
    mutationFn: (w: Workspace) => apiRequest('POST', '/api/workspaces/switch', { workspaceId: w.id }),
    onSuccess: async () => {
      await queryClient.invalidateQueries();
      onOpened();
    },
  });
