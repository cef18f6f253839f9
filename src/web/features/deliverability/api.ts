import { queryOptions, useMutation } from '@tanstack/react-query';
import {
  type AddSendingDomainInput,
  type HeaderCheckInput,
  type HeaderReport,
  headerReportSchema,
  type SendingDomain,
  type SendingDomainList,
  sendingDomainListSchema,
  sendingDomainSchema,
} from '../../../shared/deliverability';
import { apiJson, apiRequest, queryClient } from '../../lib/api';
import type { MutationCallbacks } from '../../lib/mutation';

const DOMAINS_URL = '/api/deliverability/domains';

export const deliverabilityQueries = {
  domains: () =>
    queryOptions<SendingDomainList>({ queryKey: [DOMAINS_URL], meta: { schema: sendingDomainListSchema } }),
};

const refresh = () => queryClient.invalidateQueries({ queryKey: [DOMAINS_URL] });

function useDomainChange<T, V>(fn: (v: V) => Promise<T>, cb: MutationCallbacks<T, V>) {
  return useMutation({
    mutationFn: fn,
    ...cb,
    onSuccess: (r: T, v: V) => {
      void refresh();
      cb.onSuccess?.(r, v);
    },
  });
}

export const useAddDomain = (cb: MutationCallbacks<SendingDomain, AddSendingDomainInput> = {}) =>
  useDomainChange(
    (input: AddSendingDomainInput) => apiJson(sendingDomainSchema, 'POST', DOMAINS_URL, input),
    cb,
  );

export const useRecheckDomain = (cb: MutationCallbacks<SendingDomain, string> = {}) =>
  useDomainChange(
    (id: string) => apiJson(sendingDomainSchema, 'POST', `${DOMAINS_URL}/${id}/recheck`, {}),
    cb,
  );

export const useSyncMailboxDomains = (cb: MutationCallbacks<SendingDomainList, void> = {}) =>
  useDomainChange(() => apiJson(sendingDomainListSchema, 'POST', `${DOMAINS_URL}/sync`, {}), cb);

export const useRemoveDomain = (cb: MutationCallbacks<void, string> = {}) =>
  useDomainChange(async (id: string) => {
    await apiRequest('DELETE', `${DOMAINS_URL}/${id}`);
  }, cb);

export const useDismissNotices = (cb: MutationCallbacks<void, void> = {}) =>
  useDomainChange(async () => {
    await apiRequest('POST', '/api/deliverability/notices/dismiss', {});
  }, cb);

/** The header check: text only, nothing stored, so nothing to refresh. */
export const useCheckHeaders = (cb: MutationCallbacks<HeaderReport, HeaderCheckInput> = {}) =>
  useMutation({
    mutationFn: (input: HeaderCheckInput) =>
      apiJson(headerReportSchema, 'POST', '/api/deliverability/headers', input),
    ...cb,
  });
