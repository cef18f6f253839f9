import { Bell } from 'lucide-react';
import type { SendingDomain } from '../../../shared/deliverability';
import { Alert, AlertDescription, AlertTitle } from '../../ui/alert';
import { Button } from '../../ui/button';
import { useDismissNotices } from './api';

/** What the daily recheck found changed since the user last looked. */
export function DomainNotices({ domains }: { domains: SendingDomain[] }) {
  const dismiss = useDismissNotices();
  const notices = domains.filter((d) => d.notice);
  if (!notices.length) return null;
  return (
    <Alert>
      <Bell />
      <AlertTitle>Changed since the last check</AlertTitle>
      <AlertDescription>
        <ul className="list-disc pl-4">
          {notices.map((d) => (
            <li key={d.id}>{d.notice}</li>
          ))}
        </ul>
        <Button
          variant="outline"
          size="sm"
          className="mt-2"
          onClick={() => dismiss.mutate()}
          disabled={dismiss.isPending}
        >
          Dismiss
        </Button>
      </AlertDescription>
    </Alert>
  );
}
