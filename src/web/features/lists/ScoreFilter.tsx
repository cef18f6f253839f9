import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../ui/select';

/** The score thresholds the results screen offers (decision 0221); null: any score. */
export const SCORE_STEPS = [50, 70, 90] as const;

/**
 * "Score ≥ N" beside the verdict filter: with "All" it is the list a sender wants ("valid + risky with
 * score ≥ 70"); the export menu then offers exactly the rows shown.
 */
export function ScoreFilter({
  value,
  onChange,
}: {
  value: number | null;
  onChange: (v: number | null) => void;
}) {
  return (
    <Select
      value={value === null ? 'any' : String(value)}
      onValueChange={(v) => onChange(v === 'any' ? null : Number(v))}
    >
      <SelectTrigger className="w-40" aria-label="Filter by confidence score">
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        <SelectItem value="any">Any score</SelectItem>
        {SCORE_STEPS.map((s) => (
          <SelectItem key={s} value={String(s)}>
            Score ≥ {s}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
