import type { FakeCampaign } from './smartlead';

// Campaigns as Smartlead's campaign endpoints describe them (api.smartlead.ai reference, "Get All
// Campaigns" and "Get Campaign by ID"): the full campaign object with its tracking, stop condition, plain
// text flag and the schedule read back as `scheduler_cron_value`. Also campaigns made "in Smartlead's
// app": seeded here directly, with leads, statistics, a sequence, sending accounts, schedule and settings,
// so importing them has something real to read.

/** POST /settings takes DONT_TRACK_* values; GET answers them as DONT_EMAIL_OPEN / DONT_LINK_CLICK. */
const READ_FORM: Record<string, string> = {
  DONT_TRACK_EMAIL_OPEN: 'DONT_EMAIL_OPEN',
  DONT_TRACK_LINK_CLICK: 'DONT_LINK_CLICK',
  DONT_TRACK_REPLY_TO_AN_EMAIL: 'DONT_REPLY_TO_AN_EMAIL',
};

/** The documented campaign object for one fake campaign. */
export function campaignObject(c: FakeCampaign) {
  const s = c.settings ?? {};
  const track = Array.isArray(s.track_settings)
    ? (s.track_settings as string[]).map((t) => READ_FORM[t] ?? t)
    : // Smartlead's help center: opens and clicks are not tracked unless the campaign asks for it.
      ['DONT_EMAIL_OPEN', 'DONT_LINK_CLICK'];
  const sch = c.schedule;
  return {
    id: c.id,
    user_id: 1,
    created_at: c.created_at,
    updated_at: c.created_at,
    status: c.status,
    name: c.name,
    track_settings: track,
    scheduler_cron_value: sch
      ? {
          tz: sch.timezone,
          days: sch.days_of_the_week,
          startHour: sch.start_hour,
          endHour: sch.end_hour,
        }
      : null,
    min_time_btwn_emails: sch ? sch.min_time_btw_emails : 10,
    max_leads_per_day: sch ? sch.max_new_leads_per_day : 20,
    stop_lead_settings: typeof s.stop_lead_settings === 'string' ? s.stop_lead_settings : 'REPLY_TO_AN_EMAIL',
    schedule_start_time: null,
    enable_ai_esp_matching: false,
    send_as_plain_text: s.send_as_plain_text === true,
    follow_up_percentage: 100,
    unsubscribe_text: '',
    parent_campaign_id: null,
    client_id: null,
  };
}

export interface AppCampaignSeed {
  name: string;
  status?: 'DRAFTED' | 'ACTIVE' | 'PAUSED' | 'COMPLETED' | 'STOPPED';
  leads?: {
    email: string;
    first_name?: string;
    last_name?: string;
    company_name?: string;
    status?: string;
  }[];
  stats?: { sent: number; uniqueOpens: number; replies: number };
  /** Steps as the app saves them (subject and body per step, days of delay). */
  steps?: { subject: string; body: string; delayDays: number }[];
  emailAccountIds?: number[];
  createdAt?: string;
}

/** A campaign made in Smartlead's own app (not through the API), complete and possibly running. */
export function appCampaign(id: number, apiKey: string, seed: AppCampaignSeed): FakeCampaign {
  const created = seed.createdAt ?? new Date().toISOString();
  const steps = seed.steps ?? [{ subject: 'Quick question', body: 'Hello {{first_name}}', delayDays: 0 }];
  return {
    id,
    name: seed.name,
    status: seed.status ?? 'ACTIVE',
    created_at: created,
    apiKey,
    leads: new Map(
      (seed.leads ?? []).map((l) => [
        l.email.toLowerCase(),
        { ...l, email: l.email.toLowerCase(), status: l.status ?? 'INPROGRESS', created_at: created },
      ]),
    ),
    stats: seed.stats ?? { sent: 0, uniqueOpens: 0, replies: 0 },
    sequences: steps.map((s, i) => ({
      id: id * 100 + i,
      seq_number: i + 1,
      subject: s.subject,
      email_body: s.body,
      seq_delay_details: { delay_in_days: s.delayDays },
    })),
    emailAccountIds: seed.emailAccountIds ?? [],
    schedule: {
      timezone: 'America/Chicago',
      days_of_the_week: [1, 2, 3, 4, 5],
      start_hour: '08:00',
      end_hour: '18:00',
      min_time_btw_emails: 15,
      max_new_leads_per_day: 30,
    },
    statusHistory: [],
    settings: {
      track_settings: ['DONT_TRACK_LINK_CLICK'],
      stop_lead_settings: 'REPLY_TO_AN_EMAIL',
      send_as_plain_text: false,
    },
  };
}
