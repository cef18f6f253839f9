import { useMutation, useQuery } from '@tanstack/react-query';
import type { BrandingSettings } from '../../../shared/branding';
import { BRANDING_KEY } from '../../hooks/use-branding';
import { toast } from '../../hooks/use-toast';
import { errorMessage, queryClient } from '../../lib/api';

export const SETTINGS_KEY = ['/api/branding'];

export const useBrandingSettings = () => useQuery<BrandingSettings>({ queryKey: SETTINGS_KEY });

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
    onError: (err) =>
      toast({
        title: opts.failure,
        description: errorMessage(err, 'Please try again'),
        variant: 'destructive',
      }),
  });
}
