import { type CampaignSettings, STOP_LEAD_LABELS } from '../../../../shared/campaign-edit';

/** A campaign's settings as Smartlead reads them back (decision 0202), beside its schedule. */
export function CampaignSettingsSummary({ settings }: { settings: CampaignSettings | null }) {
  if (!settings) return null;
  const tracked = [settings.trackOpens && 'opens', settings.trackClicks && 'link clicks'].filter(Boolean);
  return (
    <dl
      className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 border-t pt-3"
      data-testid="campaign-settings"
    >
      <dt className="text-muted-foreground">Stops a lead who</dt>
      <dd>{STOP_LEAD_LABELS[settings.stopLeadOn]}</dd>
      <dt className="text-muted-foreground">Tracks</dt>
      <dd>{tracked.length ? tracked.join(' and ') : 'nothing'}</dd>
      <dt className="text-muted-foreground">Format</dt>
      <dd>{settings.plainText ? 'Plain text' : 'HTML'}</dd>
    </dl>
  );
}
