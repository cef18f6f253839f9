import { mergeKey } from '../../../../shared/merge-fields';
import { type CreateCampaign, MAX_LEADS_PER_SEND } from '../../../../shared/smartlead';
import type { Db } from '../../../platform/db/client';
import { badRequest } from '../../../platform/http/errors';
import { type SendableLeadRow, sendableRowsAmong } from '../../lists';
import type { StoredLead } from '../schema';

// Leads are built here, once, from rows of the workspace's lists: the browser names the rows
// (decision 0935), it never sends copies of them.

/** Splits a full name as Smartlead's first and last name fields want it: first word, then the rest. */
export function splitName(name: string | null | undefined): { first_name: string; last_name: string } {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  // Smartlead's fields take 200 characters (leadSchema).
  return { first_name: (words[0] ?? '').slice(0, 200), last_name: words.slice(1).join(' ').slice(0, 200) };
}

/** A row's upload columns other than email, name and company, by merge key ({{job_title}}), at most 30. */
export function extraFields(r: Pick<SendableLeadRow, 'headers' | 'data' | 'skip'>): Record<string, string> {
  const skip = new Set((r.skip ?? []).filter((i) => typeof i === 'number'));
  const out: Record<string, string> = {};
  (r.headers ?? []).forEach((h, i) => {
    const key = mergeKey(h);
    const value = r.data?.[i]?.trim();
    if (!skip.has(i) && key && value && !(key in out) && Object.keys(out).length < 30) {
      out[key] = value.slice(0, 500);
    }
  });
  return out;
}

/** The lead Smartlead gets for an address of a list: its name split, its company, its other columns. */
export function leadOf(r: {
  email: string;
  name: string | null;
  company: string | null;
  fields?: Record<string, string>;
}): StoredLead {
  const fields = r.fields && Object.keys(r.fields).length ? { custom_fields: r.fields } : {};
  return {
    email: r.email.trim().toLowerCase(),
    ...splitName(r.name),
    company_name: r.company?.trim().slice(0, 200) ?? '',
    ...fields,
  };
}

/**
 * The leads of what a send names: the sendable rows (valid; risky catch-all and role rows only with
 * includeRisky; never invalid, unchecked or suppressed ones) of the named lists and rows, newest list
 * first. An address in two lists stays twice: recordSend sends it once and counts the duplicate.
 * Another workspace's list or row: 404; nothing sendable, or more than a campaign takes: 400.
 */
export async function leadsOfSelection(opts: {
  db: Db;
  workspaceId: string;
  selection: Pick<CreateCampaign, 'uploadIds' | 'rowIds' | 'includeRisky'>;
}): Promise<StoredLead[]> {
  const { uploadIds, rowIds, includeRisky } = opts.selection;
  const rows = await sendableRowsAmong({
    db: opts.db,
    workspaceId: opts.workspaceId,
    among: { uploadIds, rowIds },
  });
  const leads = rows
    .filter((r) => r.final_status === 'valid' || includeRisky)
    .map((r) => leadOf({ ...r, fields: extraFields(r) }));
  if (!leads.length)
    throw badRequest(
      'None of the selected addresses may be sent: they are not valid, or on the suppression list.',
    );
  if (leads.length > MAX_LEADS_PER_SEND)
    throw badRequest(`At most ${MAX_LEADS_PER_SEND} emails per campaign`);
  return leads;
}
