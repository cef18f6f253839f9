import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type CampaignPage,
  campaignPageSchema,
  type EditCampaignInput,
  type EditCampaignResult,
  editCampaignResultSchema,
} from '../../../../shared/campaign-edit';
import { type SendingDomainList, sendingDomainListSchema } from '../../../../shared/deliverability';
import {
  type DraftResult,
  draftResultSchema,
  type EmailAccount,
  type EmailTemplate,
  emailAccountSchema,
  type SaveTemplateInput,
  type StatusAction,
  type Step,
  templateSchema,
} from '../../../../shared/email-automation';
import type { AddLeadsInput } from '../../../../shared/smartlead';
import { apiJson, apiRequest } from '../../../lib/api';
import { CAMPAIGNS_KEY } from '../api';

const TEMPLATES_KEY = ['/api/email-templates'] as const;
export const ACCOUNTS_KEY = ['/api/smartlead/email-accounts'] as const;
const campaignKey = (id: string) => ['/api/smartlead/campaigns', id] as const;

export const automationQueries = {
  templates: () =>
    queryOptions<EmailTemplate[]>({ queryKey: TEMPLATES_KEY, meta: { schema: templateSchema.array() } }),
  emailAccounts: (enabled = true) =>
    queryOptions<EmailAccount[]>({
      queryKey: ACCOUNTS_KEY,
      enabled,
      meta: { schema: emailAccountSchema.array() },
    }),
  /** The sending domains' last DNS checks (the Deliverability page's list), for the send screen. */
  sendingDomainChecks: () =>
    queryOptions<SendingDomainList>({
      queryKey: ['/api/deliverability/domains'],
      meta: { schema: sendingDomainListSchema },
    }),
  /** Campaign data refreshes every 30 s (faster while leads are still being added). */
  campaign: (id: string) =>
    queryOptions<CampaignPage>({
      queryKey: campaignKey(id),
      meta: { schema: campaignPageSchema },
      refetchInterval: (q) => {
        const s = q.state.data?.campaign.send.state;
        return s === 'queued' || s === 'sending' ? 3_000 : 30_000;
      },
    }),
};

const saveTemplate = (id: string | null, input: SaveTemplateInput): Promise<EmailTemplate> =>
  id
    ? apiJson(templateSchema, 'PUT', `/api/email-templates/${id}`, input)
    : apiJson(templateSchema, 'POST', '/api/email-templates', input);

async function deleteTemplate(id: string): Promise<void> {
  await apiRequest('DELETE', `/api/email-templates/${id}`);
}

/** A draft or a rewrite of one step's email (a template when no model is available); nothing is kept. */
export const useDraftEmail = () =>
  useMutation({
    mutationFn: (input: {
      mode: 'draft' | 'rewrite';
      brief?: string;
      stepIndex: number;
      subject?: string;
      body?: string;
      mergeFields?: string[];
    }): Promise<DraftResult> => apiJson(draftResultSchema, 'POST', '/api/email-composer/draft', input),
  });

async function changeStatus(id: string, action: StatusAction, force = false): Promise<{ status: string }> {
  const body = { action, force };
  return (await (await apiRequest('POST', `/api/smartlead/campaigns/${id}/status`, body)).json()) as {
    status: string;
  };
}

async function addLeads(id: string, body: AddLeadsInput): Promise<{ added: number }> {
  return (await (await apiRequest('POST', `/api/smartlead/campaigns/${id}/leads`, body)).json()) as {
    added: number;
  };
}

/** Saving or deleting a sequence reloads the templates; each resolves once the list is fresh. */
export function useTemplateChanges() {
  const qc = useQueryClient();
  const refresh = () => qc.invalidateQueries({ queryKey: TEMPLATES_KEY });
  return {
    save: useMutation({
      mutationFn: ({ id, input }: { id: string | null; input: SaveTemplateInput }) => saveTemplate(id, input),
      onSuccess: refresh,
    }),
    remove: useMutation({ mutationFn: deleteTemplate, onSuccess: refresh }),
  };
}

/**
 * Start, pause, resume or stop. `onChanged` runs as soon as Smartlead accepts; the promise resolves once
 * the campaign and the list are reloaded.
 */
export function useChangeStatus(id: string, onChanged: (action: StatusAction) => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { action: StatusAction; force?: boolean }) => changeStatus(id, v.action, v.force),
    onSuccess: async (_r, { action }) => {
      onChanged(action);
      await Promise.all([
        qc.invalidateQueries({ queryKey: campaignKey(id) }),
        qc.invalidateQueries({ queryKey: CAMPAIGNS_KEY }),
      ]);
    },
  });
}

/** More leads for a campaign; `onAdded` runs as soon as Smartlead accepts, before the reloads. */
export function useAddLeads(id: string, onAdded: (added: number) => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: AddLeadsInput) => addLeads(id, body),
    onSuccess: async ({ added }) => {
      onAdded(added);
      await qc.invalidateQueries({ queryKey: campaignKey(id) });
      await qc.invalidateQueries({ queryKey: CAMPAIGNS_KEY });
    },
  });
}

/**
 * One part of a campaign (sequence, schedule, settings or accounts) changed in Smartlead. The callbacks
 * run even if the dialog closed meanwhile, so the outcome is always told.
 */
export function useEditCampaign(
  id: string,
  told: { onSuccess: (r: EditCampaignResult) => void; onError: (err: Error) => void },
) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: EditCampaignInput) =>
      apiJson(editCampaignResultSchema, 'PUT', `/api/smartlead/campaigns/${id}`, input),
    onSuccess: (r) => {
      void qc.invalidateQueries({ queryKey: campaignKey(id) });
      told.onSuccess(r);
    },
    onError: told.onError,
  });
}

export const emptyStep = (delayDays: number): Step => ({ delayDays, variants: [{ subject: '', body: '' }] });
