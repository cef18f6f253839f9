import { useQuery } from '@tanstack/react-query';
import type { CampaignPage } from '../../../../shared/campaign-edit';
import type {
  DraftResult,
  EmailAccount,
  EmailTemplate,
  SaveTemplateInput,
  StatusAction,
  Step,
} from '../../../../shared/email-automation';
import type { LeadInput } from '../../../../shared/smartlead';
import { apiRequest } from '../../../lib/api';

export const TEMPLATES_KEY = ['/api/email-templates'] as const;
export const ACCOUNTS_KEY = ['/api/smartlead/email-accounts'] as const;
export const campaignKey = (id: string) => ['/api/smartlead/campaigns', id] as const;

export function useTemplates() {
  return useQuery<EmailTemplate[]>({ queryKey: TEMPLATES_KEY });
}

export function useEmailAccounts(enabled = true) {
  return useQuery<EmailAccount[]>({ queryKey: ACCOUNTS_KEY, enabled });
}

/** SPEC §9: campaign data refreshes every 30 s (faster while leads are still being added). */
export function useCampaignDetail(id: string) {
  return useQuery<CampaignPage>({
    queryKey: campaignKey(id),
    refetchInterval: (q) => {
      const s = q.state.data?.campaign.send.state;
      return s === 'queued' || s === 'sending' ? 3_000 : 30_000;
    },
  });
}

export async function saveTemplate(id: string | null, input: SaveTemplateInput): Promise<EmailTemplate> {
  const res = await apiRequest(
    id ? 'PUT' : 'POST',
    id ? `/api/email-templates/${id}` : '/api/email-templates',
    input,
  );
  return (await res.json()) as EmailTemplate;
}

export async function deleteTemplate(id: string): Promise<void> {
  await apiRequest('DELETE', `/api/email-templates/${id}`);
}

export async function draftEmail(input: {
  mode: 'draft' | 'rewrite';
  brief?: string;
  stepIndex: number;
  subject?: string;
  body?: string;
  mergeFields?: string[];
}): Promise<DraftResult> {
  return (await (await apiRequest('POST', '/api/email-composer/draft', input)).json()) as DraftResult;
}

export async function changeStatus(id: string, action: StatusAction): Promise<{ status: string }> {
  return (await (await apiRequest('POST', `/api/smartlead/campaigns/${id}/status`, { action })).json()) as {
    status: string;
  };
}

export async function addLeads(id: string, emails: LeadInput[]): Promise<{ added: number }> {
  return (await (await apiRequest('POST', `/api/smartlead/campaigns/${id}/leads`, { emails })).json()) as {
    added: number;
  };
}

export const emptyStep = (delayDays: number): Step => ({ delayDays, variants: [{ subject: '', body: '' }] });
