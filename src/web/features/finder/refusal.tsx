import { Lock, Sparkles } from 'lucide-react';
import { errorMessage } from '../../lib/api';
import { Button } from '../../ui/button';

// The server refuses new finds like it refuses new verifications: 402 when the trial is over, the
// workspace is read-only or this month's finds are used up (the message says which, with figures),
// 429 when too many finds come at once.

export interface Refusal {
  plan: boolean;
  message: string;
}

/** The refusal in an error of apiRequest (`402: {json}`), or null for any other failure. */
export function refusalOf(err: unknown): Refusal | null {
  if (!(err instanceof Error)) return null;
  const status = /^(\d{3}):/.exec(err.message)?.[1];
  if (status !== '402' && status !== '429') return null;
  return {
    plan: status === '402',
    message: errorMessage(err, status === '402' ? 'Upgrade to find more emails.' : 'Too many finds at once.'),
  };
}

/** Shown where a find was refused for the plan's sake, with the way to a plan. */
export function PlanRefusal({ refusal }: { refusal: Refusal }) {
  return (
    <div
      className="flex flex-col gap-3 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950 sm:flex-row sm:items-center"
      role="alert"
      data-testid="find-refused"
    >
      <Lock className="size-4 shrink-0" aria-hidden="true" />
      <p className="flex-1">{refusal.message}</p>
      {refusal.plan && (
        <Button asChild size="sm" variant="gradient">
          <a href="/subscribe">
            <Sparkles /> Choose a plan
          </a>
        </Button>
      )}
    </div>
  );
}
