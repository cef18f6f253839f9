import { PlugZap } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '../ui/alert';

/**
 * A run that waits because of our side (e.g. the server cannot reach mail servers on port 25): the
 * rows stay pending and no verdict is made up, so say it plainly instead of showing a stuck bar.
 */
export function VerificationNotice({ notice }: { notice: string | null | undefined }) {
  if (!notice) return null;
  return (
    <Alert variant="warning" data-testid="verification-notice">
      <PlugZap />
      <AlertTitle>Verification is paused</AlertTitle>
      <AlertDescription>
        <p className="first-letter:uppercase">{notice}.</p>
        <p className="mt-1">
          Unchecked emails stay pending and verification resumes on its own once mail servers can be reached.
        </p>
      </AlertDescription>
    </Alert>
  );
}
