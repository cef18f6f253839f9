import { useQuery } from '@tanstack/react-query';
import { type BounceGroup, bounceText } from '../../../shared/calibration';
import { calibrationQuery } from '../../lib/shared-queries';
import { Card, CardContent } from '../../ui/card';

// "Your sends": what the workspace's own Smartlead campaigns measured, per status and score band,
// each figure with the count it stands on. Shown on the results screens of lists and
// finds; nothing is shown before the workspace has sent to any verified or found address.

function Groups({ title, groups }: { title: string; groups: BounceGroup[] }) {
  if (groups.length === 0) return null;
  return (
    <div>
      <h3 className="text-sm font-medium">{title}</h3>
      <ul className="mt-1 space-y-0.5 text-sm text-muted-foreground">
        {groups.map((g) => (
          <li key={g.key} data-testid={`bounce-${g.key}`}>
            {bounceText(g)}
          </li>
        ))}
      </ul>
    </div>
  );
}

export function BounceRates({ kind }: { kind: 'verify' | 'find' }) {
  const q = useQuery(calibrationQuery());
  const c = q.data;
  if (!c) return null;
  const groups = kind === 'verify' ? [...c.verify, ...c.verifyBands] : [...c.find, ...c.findBands];
  if (groups.length === 0) return null;
  return (
    <Card>
      <CardContent className="space-y-3 pt-6" aria-label="Bounce rates measured on your own sends">
        <p className="text-sm">
          <span className="font-medium">Measured on your own sends.</span>{' '}
          <span className="text-muted-foreground">
            Bounces recorded from your Smartlead campaigns; a rate is given from {c.minSends} sends.
          </span>
        </p>
        {kind === 'verify' ? (
          <div className="grid gap-4 sm:grid-cols-2">
            <Groups title="Verified addresses, by status" groups={c.verify} />
            <Groups title="Verified addresses, by score" groups={c.verifyBands} />
          </div>
        ) : (
          <div className="grid gap-4 sm:grid-cols-2">
            <Groups title="Found addresses, by status" groups={c.find} />
            <Groups title="Found addresses, by score" groups={c.findBands} />
          </div>
        )}
      </CardContent>
    </Card>
  );
}
