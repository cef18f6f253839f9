import { Link } from 'wouter';
import { API_RULE, listsLimitText } from '../../../shared/plans';
import { USAGE_LABELS, type UsageResponse } from '../../../shared/usage';
import { formatDay } from '../../lib/format';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { Progress } from '../../ui/progress';

const TITLES = {
  verification: 'List verifications',
  scrape: 'Instagram scrapes',
  find: 'Found addresses',
} as const;
// Verification units are credits: addresses given a definite answer; a find counts one per address
// returned, so its units are those addresses (decision 0890).
const UNITS = {
  verification: 'credits charged',
  scrape: 'profiles requested',
  find: 'addresses returned (charged)',
} as const;

const STATUS_TEXT = { trial: 'Free trial', active: 'Active', inactive: 'No active plan' } as const;

/** The plan and this month's counters against its limits (docs/decisions/0600-api-plans-quotas.md). */
export function UsageMeters({ usage }: { usage: UsageResponse }) {
  const { plan } = usage;
  const resets = formatDay(usage.resetsAt);
  const upgrade = plan.plan === 'hobbyist' ? 'professional' : 'whitelabel';
  return (
    <div className="grid gap-4 lg:grid-cols-3">
      <Card>
        <CardHeader>
          <CardDescription>Your plan</CardDescription>
          <CardTitle className="flex flex-wrap items-center gap-2 text-2xl" data-testid="plan-name">
            {plan.planName}
            <Badge variant={plan.status === 'inactive' ? 'destructive' : 'secondary'}>
              {STATUS_TEXT[plan.status]}
            </Badge>
          </CardTitle>
        </CardHeader>
        <CardContent className="space-y-3 text-sm text-muted-foreground">
          <p>{plan.price}</p>
          {plan.status === 'trial' && <p>Trial ends on {formatDay(plan.trialEndsAt)}.</p>}
          {plan.subscription?.cancelAtPeriodEnd && plan.subscription.currentPeriodEnd && (
            <p>Ends on {formatDay(plan.subscription.currentPeriodEnd)}.</p>
          )}
          <p data-testid="plan-limits">{listsLimitText(plan.plan)}.</p>
          <p data-testid="plan-api">
            {plan.apiAccess ? 'API access: included.' : `API access: not included. ${API_RULE}`}{' '}
            <Link className="underline" href="/settings/api">
              Tokens and webhooks
            </Link>
          </p>
          <Button asChild size="sm" variant="outline">
            <a href={`/subscribe?plan=${plan.plan === 'whitelabel' ? 'whitelabel' : upgrade}`}>
              {plan.status === 'active' ? 'Change plan' : 'Choose a plan'}
            </a>
          </Button>
        </CardContent>
      </Card>
      {usage.counters.map((c) => {
        const pct = c.limit ? Math.round((c.used / c.limit) * 100) : 0;
        const full = c.limit !== null && c.used >= c.limit;
        const id = `meter-${c.kind}`;
        return (
          <Card key={c.kind} data-testid={id}>
            <CardHeader>
              <CardDescription id={`${id}-label`}>{TITLES[c.kind]} this month</CardDescription>
              <CardTitle className="text-2xl">
                {c.used.toLocaleString()}
                <span className="text-base font-normal text-muted-foreground">
                  {' '}
                  / {c.limit === null ? 'Unlimited' : c.limit.toLocaleString()}
                </span>
              </CardTitle>
            </CardHeader>
            <CardContent className="space-y-3 text-sm text-muted-foreground">
              {c.limit !== null ? (
                <Progress
                  value={pct}
                  aria-labelledby={`${id}-label`}
                  className={full ? '[&>div]:bg-destructive' : ''}
                />
              ) : (
                <Progress value={0} aria-label={`${TITLES[c.kind]}: unlimited`} />
              )}
              <p>
                {c.units.toLocaleString()} {UNITS[c.kind]} · resets {resets}
              </p>
              {full && (
                <p className="font-medium text-destructive" role="status">
                  You have used all your {USAGE_LABELS[c.kind].many} this month.{' '}
                  <Link
                    className="underline"
                    href={`/subscribe?plan=${upgrade}`}
                    onClick={(e) => {
                      e.preventDefault();
                      window.location.assign(`/subscribe?plan=${upgrade}`);
                    }}
                  >
                    Upgrade
                  </Link>
                </p>
              )}
            </CardContent>
          </Card>
        );
      })}
    </div>
  );
}
