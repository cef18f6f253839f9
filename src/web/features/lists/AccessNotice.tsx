import { Lock, Sparkles } from 'lucide-react';
import { Button } from '../../ui/button';

/** Shown where a start button is disabled because the trial is over (decision 0004). */
export function AccessNotice({ what = 'start a verification' }: { what?: string }) {
  return (
    <div
      className="flex flex-col gap-3 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950 sm:flex-row sm:items-center"
      data-testid="access-notice"
      role="status"
    >
      <Lock className="size-4 shrink-0" aria-hidden="true" />
      <p className="flex-1">
        Your free trial has ended. Upgrade to {what}; your uploads, results and exports stay available.
      </p>
      <Button asChild size="sm" variant="gradient">
        <a href="/subscribe">
          <Sparkles /> Choose a plan
        </a>
      </Button>
    </div>
  );
}
