import { Clock, Sparkles } from 'lucide-react';
import type { SubscriptionStatus } from '../../../shared/auth';
import { formatDay } from '../../lib/format';
import { Button } from '../../ui/button';

// The trial banner's texts; the date uses the browser's local date format.
export function trialMessage(status: Pick<SubscriptionStatus, 'trialEnded' | 'trialEndDate'>): string {
  if (status.trialEnded) return 'Your free trial has ended. Upgrade now to continue using the service.';
  if (status.trialEndDate) {
    const date = new Date(status.trialEndDate);
    if (!Number.isNaN(date.getTime())) return `Your free trial ends on ${formatDay(status.trialEndDate)}.`;
  }
  return 'Your free trial ends soon.';
}

export function TrialBanner({ status }: { status: SubscriptionStatus }) {
  return (
    <div
      data-testid="trial-banner"
      className="flex flex-col gap-4 rounded-xl border border-amber-200 bg-gradient-to-r from-amber-50 to-orange-50 p-5 sm:flex-row sm:items-center"
    >
      <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-amber-100 text-amber-700">
        <Clock className="size-5" />
      </span>
      <p className="flex-1 text-sm font-medium text-amber-950">{trialMessage(status)}</p>
      <Button asChild variant="gradient">
        <a href="/subscribe">
          <Sparkles /> Choose a plan
        </a>
      </Button>
    </div>
  );
}
