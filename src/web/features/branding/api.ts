import { queryOptions, useMutation } from '@tanstack/react-query';
import {
  type BrandingSettings,
  brandingSettingsSchema,
  type DomainCheck,
  domainCheckSchema,
} from '../../../shared/branding';
import { apiJson, checkResponse, queryClient, throwIfResNotOk } from '../../lib/api';
import { uploadFormData } from '../../lib/csrf';
import type { MutationCallbacks } from '../../lib/mutation';
import { BRANDING_KEY } from '../../lib/use-branding';

export const brandingQueries = {
  settings: () =>
    queryOptions<BrandingSettings>({ queryKey: ['/api/branding'], meta: { schema: brandingSettingsSchema } }),
};
const SETTINGS_KEY = brandingQueries.settings().queryKey;

/** "Check now": the TXT record looked up; the settings take the domain's new state. */
async function checkDomain(): Promise<DomainCheck> {
  const result = await apiJson(domainCheckSchema, 'POST', '/api/branding/domain/check');
  queryClient.setQueryData(SETTINGS_KEY, (s) => (s ? { ...s, domain: result.domain } : s));
  return result;
}

/** The logo, as multipart (the CSRF header added like apiRequest's); the answer is the new settings. */
async function uploadLogo(file: File): Promise<BrandingSettings> {
  const form = new FormData();
  form.append('logo', file);
  const url = '/api/branding/logo';
  const res = await uploadFormData(url, form);
  await throwIfResNotOk(res);
  return checkResponse(brandingSettingsSchema, url, await res.json());
}

/**
 * A change to the branding: the answer is the new settings; the branding every page shows is asked
 * again so the app changes at once, before the screen's own callbacks.
 */
function useBrandingChange<V>(
  run: (input: V) => Promise<BrandingSettings>,
  cb: MutationCallbacks<BrandingSettings, V>,
) {
  return useMutation({
    mutationFn: run,
    ...cb,
    onSuccess: (settings: BrandingSettings, input: V) => {
      queryClient.setQueryData(SETTINGS_KEY, settings);
      queryClient.invalidateQueries({ queryKey: [BRANDING_KEY] });
      cb.onSuccess?.(settings, input);
    },
  });
}

const settingsCall = (method: string, url: string, body?: unknown) =>
  apiJson(brandingSettingsSchema, method, url, body);

/** The product name, colour and support address (the form's fields as typed). */
export const useSaveBranding = (cb: MutationCallbacks<BrandingSettings, unknown> = {}) =>
  useBrandingChange((body: unknown) => settingsCall('PUT', '/api/branding', body), cb);

export const useUploadLogo = (cb: MutationCallbacks<BrandingSettings, File> = {}) =>
  useBrandingChange(uploadLogo, cb);

export const useRemoveLogo = (cb: MutationCallbacks<BrandingSettings, void> = {}) =>
  useBrandingChange(() => settingsCall('DELETE', '/api/branding/logo'), cb);

/** Claims a custom domain; it stays pending until its TXT record is found. */
export const useClaimDomain = (cb: MutationCallbacks<BrandingSettings, string> = {}) =>
  useBrandingChange((domain: string) => settingsCall('PUT', '/api/branding/domain', { domain }), cb);

export const useReleaseDomain = (cb: MutationCallbacks<BrandingSettings, void> = {}) =>
  useBrandingChange(() => settingsCall('DELETE', '/api/branding/domain'), cb);

export const useCheckDomain = (cb: MutationCallbacks<DomainCheck> = {}) =>
  useMutation({ mutationFn: checkDomain, ...cb });
