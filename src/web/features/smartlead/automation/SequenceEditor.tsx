import { Plus } from 'lucide-react';
import { MAX_STEPS, type Step } from '../../../../shared/email-automation';
import { Button } from '../../../ui/button';
import { emptyStep } from './api';
import { StepCard } from './StepCard';

// The steps of a sequence: subject and body per A/B variant, the delay before each follow-up, merge
// fields inserted at the cursor, and AI drafting / rewriting of one variant at a time.

export function SequenceEditor({
  steps,
  onChange,
  mergeFields,
  active,
  onActiveChange,
}: {
  steps: Step[];
  onChange: (steps: Step[]) => void;
  mergeFields: string[];
  /** The variant shown per step (index into variants). */
  active: number[];
  onActiveChange: (active: number[]) => void;
}) {
  const setStep = (i: number, step: Step) => onChange(steps.map((s, j) => (j === i ? step : s)));
  return (
    <div className="flex flex-col gap-4">
      {steps.map((step, i) => (
        <StepCard
          // biome-ignore lint/suspicious/noArrayIndexKey: a step's identity is its position in the sequence
          key={i}
          index={i}
          step={step}
          variant={Math.min(active[i] ?? 0, step.variants.length - 1)}
          onVariant={(v) => onActiveChange(steps.map((_, j) => (j === i ? v : (active[j] ?? 0))))}
          onChange={(s) => setStep(i, s)}
          onRemove={steps.length > 1 ? () => onChange(steps.filter((_, j) => j !== i)) : undefined}
          mergeFields={mergeFields}
        />
      ))}
      {steps.length < MAX_STEPS && (
        <Button type="button" variant="outline" onClick={() => onChange([...steps, emptyStep(3)])}>
          <Plus /> Add follow-up
        </Button>
      )}
    </div>
  );
}
