import { API_SCOPE_LABELS, API_SCOPES, type ApiScope } from '../../shared/api-tokens';
import { Checkbox } from './checkbox';
import { Label } from './label';

/** What a new token may do: API v1 scopes and CSV downloads; at least one. */
export function ScopePicker({
  value,
  onChange,
  legend = 'Scopes',
}: {
  value: ApiScope[];
  onChange: (next: ApiScope[]) => void;
  legend?: string;
}) {
  return (
    <fieldset className="space-y-2">
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {API_SCOPES.map((s) => (
          <div key={s} className="flex items-center gap-2 text-sm">
            <Checkbox
              id={`scope-${s}`}
              checked={value.includes(s)}
              onCheckedChange={(on) => onChange(on === true ? [...value, s] : value.filter((x) => x !== s))}
            />
            <Label htmlFor={`scope-${s}`} className="font-normal">
              <span className="font-mono text-xs">{s}</span> · {API_SCOPE_LABELS[s]}
            </Label>
          </div>
        ))}
      </div>
    </fieldset>
  );
}
