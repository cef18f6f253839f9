import type { ProbeBudgetUsage } from '../../../shared/probe-budget';
import { formatTime } from '../../lib/format';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { Progress } from '../../ui/progress';

const TIER = {
  trial: 'the free trial',
  hobbyist: 'Hobbyist',
  professional: 'Professional',
  whitelabel: 'White Label',
} as const;

/**
 * Mail-server checks (probes: each address asked, each connection opened) spent and left this hour and
 * today (decision 0860). A find or a list that reaches a limit pauses, and resumes when it resets.
 */
export function ProbeBudgetMeter({ probes }: { probes: ProbeBudgetUsage }) {
  const windows = [
    { key: 'hour', label: 'This hour', w: probes.hour },
    { key: 'day', label: 'Today (UTC)', w: probes.day },
  ] as const;
  return (
    <Card data-testid="meter-probes">
      <CardHeader>
        <CardDescription>Mail-server checks (probe budget of {TIER[probes.tier]})</CardDescription>
        <CardTitle className="text-base font-normal text-muted-foreground">
          Every address checked or guessed costs a check at the company's mail server, from an address all
          customers share. At most {probes.perDomainHour.toLocaleString()} per company domain an hour.
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4 sm:grid-cols-2">
        {windows.map(({ key, label, w }) => {
          const full = w.left === 0;
          return (
            <div key={key} className="space-y-2 text-sm" data-testid={`probes-${key}`}>
              <p id={`probes-${key}-label`} className="font-medium">
                {label}: {w.spent.toLocaleString()} / {w.allowance.toLocaleString()}
              </p>
              <Progress
                value={w.allowance ? Math.min(100, Math.round((w.spent / w.allowance) * 100)) : 100}
                aria-labelledby={`probes-${key}-label`}
                className={full ? '[&>div]:bg-destructive' : ''}
              />
              <p className={full ? 'font-medium text-destructive' : 'text-muted-foreground'}>
                <span data-testid={`probes-${key}-left`}>{w.left.toLocaleString()}</span> left · resets at{' '}
                {formatTime(w.resetsAt)}
                {full && ' · finds and lists wait until then'}
              </p>
            </div>
          );
        })}
      </CardContent>
    </Card>
  );
}
