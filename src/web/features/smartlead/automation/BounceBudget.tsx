import { Gauge } from 'lucide-react';
import {
  BOUNCE_BUDGETS,
  formatRate,
  projectedBounceRate,
  riskyWithinBudget,
} from '../../../../shared/bounce-budget';
import type { SendableEmail } from '../../../../shared/smartlead';
import { Alert, AlertDescription, AlertTitle } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { Label } from '../../../ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../ui/select';

/** Whether the chosen rows stay within the budget (a send of valid rows only always does). */
export function withinBudget(selected: SendableEmail[], budget: number): boolean {
  if (budget >= 100 || !selected.some((e) => e.status === 'risky')) return true;
  return projectedBounceRate(selected.map((e) => e.score)) <= budget;
}

/**
 * The bounce budget before confirming a send (decision 0221): the projected bounce rate of the chosen
 * rows (100 − each one's score), the budget the user picks, and when risky rows push the send over it,
 * how many fit (highest scores first) with a button that keeps just those.
 */
export function BounceBudget({
  selected,
  budget,
  onBudgetChange,
  onKeep,
}: {
  selected: SendableEmail[];
  budget: number;
  onBudgetChange: (pct: number) => void;
  /** Deselects the risky rows that do not fit. */
  onKeep: (dropIds: string[]) => void;
}) {
  if (selected.length === 0) return null;
  const risky = selected.filter((e) => e.status === 'risky');
  const projected = projectedBounceRate(selected.map((e) => e.score));
  const fit = riskyWithinBudget(
    selected.filter((e) => e.status !== 'risky').map((e) => e.score),
    risky,
    budget,
  );
  const over = !withinBudget(selected, budget);
  return (
    <div className="flex flex-col gap-3 rounded-lg border p-4" data-testid="bounce-budget">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="flex items-center gap-2 text-sm">
          <Gauge className="size-4 text-muted-foreground" aria-hidden />
          <span>
            Projected bounce rate: <strong data-testid="projected-bounce">{formatRate(projected)}</strong>
            {risky.length > 0
              ? ` (${risky.length.toLocaleString()} risky of ${selected.length.toLocaleString()})`
              : ''}
          </span>
        </p>
        <div className="flex items-center gap-2">
          <Label htmlFor="bounce-budget" className="text-sm whitespace-nowrap">
            Risky rows up to
          </Label>
          <Select value={String(budget)} onValueChange={(v) => onBudgetChange(Number(v))}>
            <SelectTrigger id="bounce-budget" className="w-32" aria-label="Bounce budget">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {BOUNCE_BUDGETS.map((b) => (
                <SelectItem key={b} value={String(b)}>
                  {b >= 100 ? 'No limit' : `${b}% bounces`}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      </div>
      <p className="text-xs text-muted-foreground">
        The budget covers the whole send, valid addresses included: each is projected to bounce at 100 minus
        its confidence score (a valid address about 1 in 100 until your own sends show otherwise, a risky one
        far more often). Valid addresses always go; risky ones go best score first, only while the whole send
        stays within your budget, since bounces hurt your sending accounts’ reputation.
      </p>
      {over && (
        <Alert variant="warning" data-testid="over-budget">
          <AlertTitle>Above your {formatRate(budget)} budget</AlertTitle>
          <AlertDescription className="flex flex-col items-start gap-2">
            <p>
              {fit.kept.length.toLocaleString()} of the {risky.length.toLocaleString()} risky addresses fit
              (highest scores first, projected {formatRate(fit.projected)});{' '}
              {fit.held.length.toLocaleString()} would be held back.
            </p>
            <Button
              type="button"
              size="sm"
              variant="outline"
              onClick={() => onKeep(fit.held.map((e) => e.id))}
            >
              Keep the {fit.kept.length.toLocaleString()} that fit
            </Button>
          </AlertDescription>
        </Alert>
      )}
    </div>
  );
}
