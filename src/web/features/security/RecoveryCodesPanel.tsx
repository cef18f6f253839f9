import { Alert, AlertDescription, AlertTitle } from '../../ui/alert';
import { Button } from '../../ui/button';
import { CopyButton } from '../../ui/copy-button';

/** Recovery codes, shown this once: each signs in once when the phone is not at hand. */
export function RecoveryCodesPanel({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <Alert variant="warning">
      <AlertTitle>Save your recovery codes now</AlertTitle>
      <AlertDescription className="mt-2 grid gap-3">
        <p>
          Each code signs you in once if you lose your phone. We show them only this once and keep only a
          fingerprint of each.
        </p>
        <ul className="grid grid-cols-2 gap-1 font-mono text-sm" data-testid="recovery-codes">
          {codes.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </ul>
        <div className="flex flex-wrap gap-2">
          <CopyButton key={codes[0]} text={codes.join('\n')} size="sm" />
          <Button size="sm" onClick={onDone}>
            I have saved them
          </Button>
        </div>
      </AlertDescription>
    </Alert>
  );
}
