import type { Schedule } from '../../../../shared/email-automation';
import { Checkbox } from '../../../ui/checkbox';
import { Input } from '../../../ui/input';
import { Label } from '../../../ui/label';

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const num = (v: string) => Math.max(0, Number(v) || 0);

/** The schedule of a running campaign as plain fields: days, time zone, hours, pace. */
export function ScheduleEditFields({
  value: schedule,
  onChange: setSchedule,
}: {
  value: Schedule;
  onChange: (s: Schedule) => void;
}) {
  return (
    <>
      <fieldset className="flex flex-wrap gap-2">
        <legend className="mb-2 text-sm font-medium">Sending days</legend>
        {DAYS.map((d, i) => (
          <label key={d} className="flex items-center gap-1 text-sm">
            <Checkbox
              checked={schedule.days.includes(i)}
              onCheckedChange={(on) =>
                setSchedule({
                  ...schedule,
                  days: on ? [...schedule.days, i].sort() : schedule.days.filter((x) => x !== i),
                })
              }
              aria-label={d}
            />
            {d}
          </label>
        ))}
      </fieldset>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field
          id="ec-tz"
          label="Time zone (e.g. Europe/Paris)"
          value={schedule.timezone}
          onChange={(v) => setSchedule({ ...schedule, timezone: v })}
        />
        <Field
          id="ec-start"
          label="From (HH:MM)"
          value={schedule.startHour}
          onChange={(v) => setSchedule({ ...schedule, startHour: v })}
        />
        <Field
          id="ec-end"
          label="To (HH:MM)"
          value={schedule.endHour}
          onChange={(v) => setSchedule({ ...schedule, endHour: v })}
        />
        <Field
          id="ec-gap"
          label="Minutes between emails"
          value={String(schedule.minTimeBetweenEmails)}
          onChange={(v) => setSchedule({ ...schedule, minTimeBetweenEmails: num(v) })}
        />
        <Field
          id="ec-max"
          label="New leads per day"
          value={String(schedule.maxNewLeadsPerDay)}
          onChange={(v) => setSchedule({ ...schedule, maxNewLeadsPerDay: num(v) })}
        />
      </div>
    </>
  );
}

function Field({
  id,
  label,
  value,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (v: string) => void;
}) {
  return (
    <div className="grid gap-1">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} value={value} onChange={(e) => onChange(e.target.value)} />
    </div>
  );
}
