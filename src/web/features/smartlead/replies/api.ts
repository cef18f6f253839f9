import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type Conversation,
  conversationSchema,
  leadCategorySchema,
  repliesResponseSchema,
} from '../../../../shared/replies';
import { apiJson, apiRequest } from '../../../lib/api';

// The replies inbox's queries and changes (decision 0202).

const REPLIES_KEY = '/api/smartlead/replies';
const leadUrl = (campaignId: string, email: string) =>
  `/api/smartlead/campaigns/${campaignId}/leads/${encodeURIComponent(email)}`;

export const repliesQueries = {
  /** The inbox, filtered by campaign and category (empty filters left out of the URL). */
  inbox: (filters: { campaignId?: string; category?: string }) => {
    const qs = new URLSearchParams(
      Object.entries(filters).filter((e): e is [string, string] => Boolean(e[1])),
    ).toString();
    return queryOptions({
      queryKey: [REPLIES_KEY, qs ? `?${qs}` : ''],
      queryFn: () => apiJson(repliesResponseSchema, 'GET', `${REPLIES_KEY}${qs ? `?${qs}` : ''}`),
      refetchInterval: 60_000,
    });
  },
  conversation: (campaignId: string, email: string) =>
    queryOptions<Conversation>({
      queryKey: [leadUrl(campaignId, email), 'conversation'],
      queryFn: () => apiJson(conversationSchema, 'GET', `${leadUrl(campaignId, email)}/conversation`),
      retry: false,
    }),
};

/** Category, pause/unsubscribe and reply: each refreshes the conversation and the inbox. */
export function useLeadChanges(campaignId: string, email: string) {
  const qc = useQueryClient();
  const refresh = () => {
    void qc.invalidateQueries({ queryKey: [leadUrl(campaignId, email)] });
    void qc.invalidateQueries({ queryKey: [REPLIES_KEY] });
  };
  const url = leadUrl(campaignId, email);
  return {
    category: useMutation({
      mutationFn: (v: { categoryId: number; pauseLead: boolean }) =>
        apiJson(leadCategorySchema, 'POST', `${url}/category`, v),
      onSuccess: refresh,
    }),
    action: useMutation({
      mutationFn: async (action: 'pause' | 'unsubscribe') => apiRequest('POST', `${url}/action`, { action }),
      onSuccess: refresh,
    }),
    reply: useMutation({
      mutationFn: async (text: string) => apiRequest('POST', `${url}/reply`, { text }),
      onSuccess: refresh,
    }),
  };
}
