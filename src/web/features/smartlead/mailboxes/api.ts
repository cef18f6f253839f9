import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type ConnectMailboxInput,
  type MailboxHealth,
  type MailboxLoginInput,
  mailboxHealthSchema,
  type UpdateMailboxInput,
  type WarmupSettings,
  type WarmupStats,
  warmupStatsSchema,
} from '../../../../shared/mailboxes';
import { apiJson, apiRequest } from '../../../lib/api';
import { ACCOUNTS_KEY } from '../automation/api';

// Connect, edit, remove and warm mailboxes (decision 0202); every change refreshes the accounts list.

const base = '/api/smartlead/email-accounts';

function useRefreshAccounts() {
  const qc = useQueryClient();
  return () => void qc.invalidateQueries({ queryKey: ACCOUNTS_KEY });
}

export function useConnectMailbox() {
  const refresh = useRefreshAccounts();
  return useMutation({
    mutationFn: (v: ConnectMailboxInput) => apiJson(mailboxHealthSchema, 'POST', base, v),
    onSuccess: refresh,
  });
}

export function useMailboxChanges(id: number) {
  const refresh = useRefreshAccounts();
  const qc = useQueryClient();
  return {
    update: useMutation({
      mutationFn: (v: UpdateMailboxInput) => apiJson(mailboxHealthSchema, 'POST', `${base}/${id}`, v),
      onSuccess: (h) => {
        refresh();
        qc.setQueryData(healthKey(id), h);
      },
    }),
    remove: useMutation({
      mutationFn: async () => apiRequest('DELETE', `${base}/${id}`),
      onSuccess: refresh,
    }),
    warmup: useMutation({
      mutationFn: (v: WarmupSettings) => apiJson(mailboxHealthSchema, 'POST', `${base}/${id}/warmup`, v),
      onSuccess: (h) => {
        refresh();
        qc.setQueryData(healthKey(id), h);
        void qc.invalidateQueries({ queryKey: [`${base}/${id}/warmup-stats`] });
      },
    }),
    login: useMutation({
      mutationFn: (v: MailboxLoginInput) => apiJson(mailboxHealthSchema, 'POST', `${base}/${id}/login`, v),
      onSuccess: (h) => {
        refresh();
        qc.setQueryData(healthKey(id), h);
      },
    }),
  };
}

const healthKey = (id: number) => [`${base}/${id}/health`];

export const mailboxQueries = {
  /** The mailbox as Smartlead last checked it; refetched by "Check connection". */
  health: (id: number) =>
    queryOptions<MailboxHealth>({ queryKey: healthKey(id), meta: { schema: mailboxHealthSchema } }),
  warmupStats: (id: number) =>
    queryOptions<WarmupStats>({
      queryKey: [`${base}/${id}/warmup-stats`],
      meta: { schema: warmupStatsSchema },
    }),
};
