import { Check } from 'lucide-react';
import { AUDIENCE_PRESETS, TARGET_AUDIENCE_MAX } from '../../../shared/onboarding';
import { cn } from '../../lib/utils';
import { Label } from '../../ui/label';
import { Textarea } from '../../ui/textarea';

const split = (text: string) =>
  text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** Presets toggle themselves in the free-text description, which stays fully editable. */
export function AudienceStep(props: { value: string; onChange: (value: string) => void }) {
  const parts = split(props.value);
  const toggle = (preset: string) => {
    const next = parts.includes(preset) ? parts.filter((p) => p !== preset) : [...parts, preset];
    props.onChange(next.join(', '));
  };
  const length = props.value.trim().length;
  return (
    <div className="flex flex-col gap-6">
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-3 text-sm font-medium">Popular audiences</legend>
        <div className="flex flex-wrap gap-2">
          {AUDIENCE_PRESETS.map((preset) => {
            const on = parts.includes(preset);
            return (
              <button
                key={preset}
                type="button"
                aria-pressed={on}
                onClick={() => toggle(preset)}
                className={cn(
                  'inline-flex cursor-pointer items-center gap-1.5 rounded-full border px-3.5 py-1.5 text-sm transition-colors',
                  'hover:border-primary/50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                  on ? 'border-primary bg-primary text-primary-foreground' : 'bg-card',
                )}
              >
                {on && <Check className="size-3.5" aria-hidden="true" />}
                {preset}
              </button>
            );
          })}
        </div>
      </fieldset>
      <div className="flex flex-col gap-2">
        <Label htmlFor="target-audience">Describe your target audience</Label>
        <Textarea
          id="target-audience"
          value={props.value}
          maxLength={TARGET_AUDIENCE_MAX}
          placeholder="e.g. Founders of B2B SaaS companies in Europe, 10-50 employees"
          onChange={(e) => props.onChange(e.target.value)}
          aria-describedby="target-audience-hint"
        />
        <p id="target-audience-hint" className="text-xs text-muted-foreground">
          {length > 3 ? `${length}/${TARGET_AUDIENCE_MAX} characters` : 'At least 4 characters.'}
        </p>
      </div>
    </div>
  );
}
