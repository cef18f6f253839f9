import { Hourglass } from 'lucide-react';
import { describeWaiting, type WaitingGroup } from '../../../shared/list-runs';
import { formatTime } from '../../lib/format';

const clock = (iso: string) => formatTime(iso, { seconds: true });

/**
 * Rows of a run in progress that are set aside for now, and why ("3 rows: greylisted (mx.example.com),
 * retry at 10:42:05"): a run whose last rows wait on a mail server says so instead of looking stuck.
 */
export function WaitingRows({ waiting }: { waiting: WaitingGroup[] | undefined }) {
  if (!waiting?.length) return null;
  return (
    <section
      aria-labelledby="waiting-title"
      className="rounded-md border bg-muted/40 p-3 text-sm"
      data-testid="waiting"
    >
      <p id="waiting-title" className="flex items-center gap-2 font-medium">
        <Hourglass className="size-4 text-muted-foreground" aria-hidden="true" />
        Waiting on mail servers
      </p>
      <ul className="mt-1 list-disc pl-6 break-words text-muted-foreground">
        {waiting.map((g) => (
          <li key={`${g.reason}:${g.host ?? ''}`}>{describeWaiting(g, clock)}</li>
        ))}
      </ul>
    </section>
  );
}
