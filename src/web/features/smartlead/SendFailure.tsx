import { RotateCcw } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '../../ui/alert';
import { Button } from '../../ui/button';

/** Why the send failed, with a Retry that reuses the same idempotency key (never a second campaign). */
export function SendFailure({ failure, onRetry }: { failure: string; onRetry: () => void }) {
  return (
    <Alert variant="destructive" data-testid="send-failure">
      <AlertTitle>Failed to create campaign</AlertTitle>
      <AlertDescription className="flex flex-col items-start gap-3">
        <p>{failure}</p>
        <Button type="button" size="sm" variant="outline" onClick={onRetry}>
          <RotateCcw /> Retry
        </Button>
      </AlertDescription>
    </Alert>
  );
}
