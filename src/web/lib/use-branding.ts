import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { DEFAULT_BRANDING, type PublicBranding, publicBrandingSchema } from '../../shared/branding';
import { checkResponse, throwIfResNotOk } from './api';
import { useAuth } from './auth';
import { applyBranding } from './branding';

/** Every query of the public branding starts with this (invalidate it after saving branding). */
export const BRANDING_KEY = '/api/branding/public';

/**
 * The branding this page shows (custom domain, else the signed-in workspace's, else Verilead's). Asked
 * again when the signed-in user changes; the default while it loads or if it cannot be had.
 */
export function useBranding(): PublicBranding {
  const { user, isLoading } = useAuth();
  const { data } = useQuery<PublicBranding>({
    // The user's id keys the cache only (the server reads the session): the URL is the key's first part.
    queryKey: [BRANDING_KEY, user?.id ?? null],
    queryFn: async () => {
      const res = await fetch(BRANDING_KEY, { credentials: 'include' });
      await throwIfResNotOk(res);
      return checkResponse(publicBrandingSchema, BRANDING_KEY, await res.json());
    },
    enabled: !isLoading,
    placeholderData: (previous) => previous,
  });
  return data ?? DEFAULT_BRANDING;
}

/** Mounted once (App): keeps the CSS variables and the tab title in step with the branding. */
export function BrandingEffect() {
  const branding = useBranding();
  useEffect(() => applyBranding(branding), [branding]);
  return null;
}
