import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { type ActivityResponse, activityResponseSchema } from '../../../shared/campaign-activity';
import {
  type Campaign,
  type CreateCampaignInput,
  campaignSchema,
  type ImportableCampaign,
  importableCampaignSchema,
  type SendableList,
  type SendProgress,
  type SmartleadSettings,
  sendableListSchema,
  sendProgressSchema,
  settingsSchema,
  type UncheckedAction,
} from '../../../shared/smartlead';
import { apiRequest, checkResponse, throwIfResNotOk } from '../../lib/api';
import { csrfHeaders } from '../../lib/csrf';

export const SETTINGS_KEY = ['/api/smartlead/settings'] as const;
export const CAMPAIGNS_KEY = ['/api/smartlead/campaigns'] as const;
export const VERIFIED_KEY = ['/api/smartlead/verified-emails'] as const;
const IMPORTABLE_KEY = ['/api/smartlead/campaigns/importable'] as const;
const sendKey = (id: string) => ['/api/smartlead/sends', id] as const;

export function useSmartleadSettings() {
  return useQuery<SmartleadSettings>({ queryKey: SETTINGS_KEY, meta: { schema: settingsSchema } });
}

export function useVerifiedEmails(enabled: boolean) {
  return useQuery<SendableList>({
    queryKey: VERIFIED_KEY,
    enabled,
    meta: { schema: sendableListSchema },
  });
}

/** The list refreshes every 30 s; faster while a send is still adding leads. */
export function useCampaigns() {
  return useQuery<{ campaigns: Campaign[]; remoteAvailable: boolean }>({
    queryKey: CAMPAIGNS_KEY,
    // The server says in a header whether Smartlead answered; the default loader cannot read headers.
    queryFn: async () => {
      const res = await fetch(CAMPAIGNS_KEY[0], { credentials: 'include' });
      await throwIfResNotOk(res);
      return {
        campaigns: checkResponse(campaignSchema.array(), CAMPAIGNS_KEY[0], await res.json()),
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
    queryKey: sendKey(id ?? ''),
    enabled: Boolean(id),
    meta: { schema: sendProgressSchema },
    refetchInterval: (q) =>
      q.state.data && ['completed', 'failed'].includes(q.state.data.state) ? false : 1_000,
  });
}

/** POST with an Idempotency-Key, so a retried or repeated click never creates a second campaign. */
async function createCampaign(body: CreateCampaignInput, idempotencyKey: string): Promise<Campaign> {
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

/** Saving the key answers with the settings; the campaign list depends on the key, so it reloads. */
export function useSaveApiKey() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (apiKey: string) =>
      (await (await apiRequest('POST', '/api/smartlead/settings', { apiKey })).json()) as SmartleadSettings,
    onSuccess: (next) => {
      qc.setQueryData(SETTINGS_KEY, next);
      void qc.invalidateQueries({ queryKey: CAMPAIGNS_KEY });
    },
  });
}

export function useTestConnection() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      (await (await apiRequest('POST', '/api/smartlead/test')).json()) as SmartleadSettings,
    // The test answers with more than the settings (success, message): keep only what the settings hold.
    onSuccess: (next) =>
      qc.setQueryData(SETTINGS_KEY, {
        hasApiKey: next.hasApiKey,
        lastTested: next.lastTested,
        accountInfo: next.accountInfo,
      }),
  });
}

/** Campaigns made in Smartlead's own app that are not here yet; asked only while the dialog is open. */
export function useImportableCampaigns(enabled: boolean) {
  return useQuery<ImportableCampaign[]>({
    queryKey: IMPORTABLE_KEY,
    enabled,
    meta: { schema: importableCampaignSchema.array() },
  });
}

export function useImportCampaigns() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (ids: number[]) =>
      (await apiRequest('POST', '/api/smartlead/campaigns/import', { smartleadIds: ids })).json() as Promise<{
        imported: number;
      }>,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: CAMPAIGNS_KEY });
      void qc.invalidateQueries({ queryKey: IMPORTABLE_KEY });
    },
  });
}

/** The user's choice for leads a re-check could not ask about (decision 0221). */
export function useUncheckedDecision(sendId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (action: UncheckedAction) =>
      (await apiRequest('POST', `/api/smartlead/sends/${sendId}/unchecked`, { action })).json(),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: sendKey(sendId) });
      void qc.invalidateQueries({ queryKey: CAMPAIGNS_KEY });
    },
  });
}

export function useCreateCampaign() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ body, idempotencyKey }: { body: CreateCampaignInput; idempotencyKey: string }) =>
      createCampaign(body, idempotencyKey),
    onSuccess: (campaign) => {
      // A retried send keeps its id: forget its old (failed) progress so polling starts again.
      qc.removeQueries({ queryKey: sendKey(campaign.id) });
      void qc.invalidateQueries({ queryKey: CAMPAIGNS_KEY });
    },
  });
}

/** Reloads the campaign list (after a send completes, or a campaign changes elsewhere). */
export function useRefreshCampaigns() {
  const qc = useQueryClient();
  // Stable, so a screen's effect can depend on it.
  return useCallback(() => qc.invalidateQueries({ queryKey: CAMPAIGNS_KEY }), [qc]);
}

/** Activity per day for a range, of one campaign or the whole workspace (decision 0202). */
export function useActivity(qs: URLSearchParams) {
  return useQuery<ActivityResponse>({
    queryKey: ['/api/smartlead/activity', `?${qs}`],
    queryFn: async () => {
      const res = await fetch(`/api/smartlead/activity?${qs}`, { credentials: 'include' });
      if (!res.ok) throw new Error((await res.json().catch(() => null))?.message ?? res.statusText);
      return checkResponse(activityResponseSchema, '/api/smartlead/activity', await res.json());
    },
    placeholderData: (prev) => prev,
  });
}
