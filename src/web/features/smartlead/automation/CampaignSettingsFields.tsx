import {
  type CampaignSettings,
  LOCKED_AFTER_START,
  STOP_LEAD_LABELS,
  STOP_LEAD_ON,
} from '../../../../shared/campaign-edit';
import { Checkbox } from '../../../ui/checkbox';

/**
 * A campaign's settings as Smartlead has them. Once a campaign has started, tracking and plain text are
 * shown but cannot be changed (Smartlead's help center: fixed at launch); the stop condition always can.
 */
export function CampaignSettingsFields({
  value,
  onChange,
  started,
}: {
  value: CampaignSettings;
  onChange: (v: CampaignSettings) => void;
  started: boolean;
}) {
  return (
    <div className="flex flex-col gap-4">
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-medium">Stop emailing a lead when they…</legend>
        {STOP_LEAD_ON.map((s) => (
          <label key={s} className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name="stop-lead-on"
              className="size-4 accent-primary"
              checked={value.stopLeadOn === s}
              onChange={() => onChange({ ...value, stopLeadOn: s })}
            />
            {STOP_LEAD_LABELS[s]}
          </label>
        ))}
      </fieldset>
      <fieldset className="flex flex-col gap-2" disabled={started}>
        <legend className="mb-2 text-sm font-medium">Tracking and format</legend>
        {(
          [
            ['trackOpens', 'Track opens'],
            ['trackClicks', 'Track link clicks'],
            ['plainText', 'Send as plain text'],
          ] as const
        ).map(([k, label]) => (
          <label key={k} className="flex items-center gap-2 text-sm">
            <Checkbox
              checked={value[k]}
              disabled={started}
              onCheckedChange={(on) => onChange({ ...value, [k]: on === true })}
              aria-label={label}
            />
            {label}
          </label>
        ))}
        {started && (
          <p className="text-sm text-muted-foreground" data-testid="settings-locked">
            {LOCKED_AFTER_START}
          </p>
        )}
      </fieldset>
    </div>
  );
}
