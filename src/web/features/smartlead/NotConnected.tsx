import { KeyRound } from 'lucide-react';
import { Link } from 'wouter';
import { Alert, AlertDescription, AlertTitle } from '../../ui/alert';
import { Button } from '../../ui/button';

/** A Smartlead screen opened before an API key is set: what is missing, and where to set it. */
export function NotConnected({ toDo }: { toDo: string }) {
  return (
    <Alert variant="warning">
      <KeyRound />
      <AlertTitle>Smartlead is not connected</AlertTitle>
      <AlertDescription className="flex flex-col items-start gap-3">
        <p>Please configure your Smartlead API key in the settings {toDo}.</p>
        <Button asChild size="sm">
          <Link href="/settings/integrations">Go to Settings</Link>
        </Button>
      </AlertDescription>
    </Alert>
  );
}
