import { queryOptions, useMutation } from '@tanstack/react-query';
import type { BrandingSettings, DomainCheck } from '../../../shared/branding';
import { apiRequest, queryClient } from '../../lib/api';
import type { MutationCallbacks } from '../../lib/mutation';
import { failureToast, toast } from '../../lib/toast';
import { BRANDING_KEY } from '../../lib/use-branding';

export const brandingQueries = {
  settings: () => queryOptions<BrandingSettings>({ queryKey: ['/api/branding'] }),
};
const SETTINGS_KEY = brandingQueries.settings().queryKey;

/** "Check now": the TXT record looked up; the settings take the domain's new state. */
async function checkDomain(): Promise<DomainCheck> {
  const result = (await (await apiRequest('POST', '/api/branding/domain/check')).json()) as DomainCheck;
  queryClient.setQueryData(SETTINGS_KEY, (s) => (s ? { ...s, domain: result.domain } : s));
  return result;
}

/**
 * A change to the branding: the answer is the new settings; the branding every page shows is asked
 * again so the app changes at once.
 */
export function useBrandingChange<T>(opts: {
  run: (input: T) => Promise<Response>;
  success?: string;
  failure: string;
}) {
  return useMutation({
    mutationFn: async (input: T) => (await (await opts.run(input)).json()) as BrandingSettings,
    onSuccess: (settings) => {
      queryClient.setQueryData(SETTINGS_KEY, settings);
      queryClient.invalidateQueries({ queryKey: [BRANDING_KEY] });
      if (opts.success) toast({ title: opts.success, variant: 'success' });
    },
    onError: failureToast(opts.failure),
  });
}

export const useCheckDomain = (cb: MutationCallbacks<DomainCheck> = {}) =>
  useMutation({ mutationFn: checkDomain, ...cb });
