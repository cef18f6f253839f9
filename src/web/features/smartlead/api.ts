import { useQuery } from '@tanstack/react-query';
import type {
  Campaign,
  CreateCampaignInput,
  SendableList,
  SendProgress,
  SmartleadSettings,
} from '../../../shared/smartlead';
import { throwIfResNotOk } from '../../lib/api';
import { csrfHeaders } from '../../lib/csrf';

export const SETTINGS_KEY = ['/api/smartlead/settings'] as const;
export const CAMPAIGNS_KEY = ['/api/smartlead/campaigns'] as const;
export const VERIFIED_KEY = ['/api/smartlead/verified-emails'] as const;

export function useSmartleadSettings() {
  return useQuery<SmartleadSettings>({ queryKey: SETTINGS_KEY });
}

export function useVerifiedEmails(enabled: boolean) {
  return useQuery<SendableList>({
    queryKey: VERIFIED_KEY,
    enabled,
  });
}

/** SPEC §4/§9: the list refreshes every 30 s; faster while a send is still adding leads. */
export function useCampaigns() {
  return useQuery<{ campaigns: Campaign[]; remoteAvailable: boolean }>({
    queryKey: CAMPAIGNS_KEY,
    // The server says in a header whether Smartlead answered; the default loader cannot read headers.
    queryFn: async () => {
      const res = await fetch(CAMPAIGNS_KEY[0], { credentials: 'include' });
      await throwIfResNotOk(res);
      return {
        campaigns: (await res.json()) as Campaign[],
        remoteAvailable: res.headers.get('x-smartlead-remote') !== 'unavailable',
      };
    },
    refetchInterval: (q) =>
      q.state.data?.campaigns.some((c) => c.send.state === 'queued' || c.send.state === 'sending')
        ? 3_000
        : 30_000,
  });
}

export function useSendProgress(id: string | null) {
  return useQuery<SendProgress>({
    queryKey: ['/api/smartlead/sends', id ?? ''],
    enabled: Boolean(id),
    refetchInterval: (q) =>
      q.state.data && ['completed', 'failed'].includes(q.state.data.state) ? false : 1_000,
  });
}

/** POST with an Idempotency-Key, so a retried or repeated click never creates a second campaign. */
export async function createCampaign(body: CreateCampaignInput, idempotencyKey: string): Promise<Campaign> {
  const res = await fetch('/api/smartlead/create-campaign', {
    method: 'POST',
    credentials: 'include',
    headers: {
      ...(await csrfHeaders('POST')),
      'Content-Type': 'application/json',
      'Idempotency-Key': idempotencyKey,
    },
    body: JSON.stringify(body),
  });
  await throwIfResNotOk(res);
  return (await res.json()) as Campaign;
}

export function newIdempotencyKey(): string {
  return globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}
