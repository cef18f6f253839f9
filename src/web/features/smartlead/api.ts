import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { type ActivityResponse, activityResponseSchema } from '../../../shared/campaign-activity';
import {
  type Campaign,
  type CreateCampaignInput,
  campaignListSchema,
  campaignSchema,
  type ImportableCampaign,
  importableCampaignSchema,
  importedCampaignsSchema,
  type SendableList,
  type SendProgress,
  type SmartleadSettings,
  sendableListSchema,
  sendProgressSchema,
  settingsSchema,
  testResultSchema,
  type UncheckedAction,
} from '../../../shared/smartlead';
import { apiJson, checkResponse, throwIfResNotOk } from '../../lib/api';
import { csrfHeaders } from '../../lib/csrf';

export const SETTINGS_KEY = ['/api/smartlead/settings'] as const;
export const CAMPAIGNS_KEY = ['/api/smartlead/campaigns'] as const;
export const VERIFIED_KEY = ['/api/smartlead/verified-emails'] as const;
const IMPORTABLE_KEY = ['/api/smartlead/campaigns/importable'] as const;
const sendKey = (id: string) => ['/api/smartlead/sends', id] as const;

export const smartleadQueries = {
  settings: () =>
    queryOptions<SmartleadSettings>({ queryKey: SETTINGS_KEY, meta: { schema: settingsSchema } }),
  verifiedEmails: (enabled: boolean) =>
    queryOptions<SendableList>({ queryKey: VERIFIED_KEY, enabled, meta: { schema: sendableListSchema } }),
  /** The list refreshes every 30 s; faster while a send is still adding leads. */
  campaigns: () =>
    queryOptions<{ campaigns: Campaign[]; remoteAvailable: boolean }>({
      queryKey: CAMPAIGNS_KEY,
      // The server says in a header whether Smartlead answered; the default loader cannot read headers.
      queryFn: async () => {
        const res = await fetch(CAMPAIGNS_KEY[0], { credentials: 'include' });
        await throwIfResNotOk(res);
        return {
          campaigns: checkResponse(campaignListSchema, CAMPAIGNS_KEY[0], await res.json()),
          remoteAvailable: res.headers.get('x-smartlead-remote') !== 'unavailable',
        };
      },
      refetchInterval: (q) =>
        q.state.data?.campaigns.some((c) => c.send.state === 'queued' || c.send.state === 'sending')
          ? 3_000
          : 30_000,
    }),
  sendProgress: (id: string | null) =>
    queryOptions<SendProgress>({
      queryKey: sendKey(id ?? ''),
      enabled: Boolean(id),
      meta: { schema: sendProgressSchema },
      refetchInterval: (q) =>
        q.state.data && ['completed', 'failed'].includes(q.state.data.state) ? false : 1_000,
    }),
  /** Campaigns made in Smartlead's own app that are not here yet; asked only while the dialog is open. */
  importableCampaigns: (enabled: boolean) =>
    queryOptions<ImportableCampaign[]>({
      queryKey: IMPORTABLE_KEY,
      enabled,
      meta: { schema: importableCampaignSchema.array() },
    }),
  /** Activity per day for a range, of one campaign or the whole workspace (decision 0202). */
  activity: (qs: URLSearchParams) =>
    queryOptions<ActivityResponse>({
      queryKey: ['/api/smartlead/activity', `?${qs}`],
      queryFn: async () => {
        const res = await fetch(`/api/smartlead/activity?${qs}`, { credentials: 'include' });
        if (!res.ok) throw new Error((await res.json().catch(() => null))?.message ?? res.statusText);
        return checkResponse(activityResponseSchema, '/api/smartlead/activity', await res.json());
      },
      placeholderData: (prev) => prev,
    }),
};

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
  return checkResponse(campaignSchema, '/api/smartlead/create-campaign', await res.json());
}

export function newIdempotencyKey(): string {
  return globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

/** Saving the key answers with the settings; the campaign list depends on the key, so it reloads. */
export function useSaveApiKey() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (apiKey: string) => apiJson(settingsSchema, 'POST', '/api/smartlead/settings', { apiKey }),
    onSuccess: (next) => {
      qc.setQueryData(SETTINGS_KEY, next);
      void qc.invalidateQueries({ queryKey: CAMPAIGNS_KEY });
    },
  });
}

export function useTestConnection() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => apiJson(testResultSchema, 'POST', '/api/smartlead/test'),
    // The test answers with more than the settings (success, message): keep only what the settings hold.
    onSuccess: (next) =>
      qc.setQueryData(SETTINGS_KEY, {
        hasApiKey: next.hasApiKey,
        lastTested: next.lastTested,
        accountInfo: next.accountInfo,
      }),
  });
}

export function useImportCampaigns() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) =>
      apiJson(importedCampaignsSchema, 'POST', '/api/smartlead/campaigns/import', { smartleadIds: ids }),
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
    mutationFn: (action: UncheckedAction) =>
      apiJson(sendProgressSchema, 'POST', `/api/smartlead/sends/${sendId}/unchecked`, { action }),
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
