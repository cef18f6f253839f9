import { Check } from 'lucide-react';
import { Link } from 'wouter';
import { PLAN_ROWS, planAmount, planFeatures, TRIAL_TEXT } from '../../../shared/plans';
import { cn } from '../../lib/utils';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Section } from './Section';

/** The plan cards, from the shared plan table (the landing page and the pricing page show the same). */
export function PlanGrid() {
  return (
    <div className="grid items-stretch gap-6 lg:grid-cols-3">
      {PLAN_ROWS.map((plan) => (
        <div
          key={plan.id}
          data-testid={`plan-card-${plan.id}`}
          className={cn(
            'relative flex flex-col rounded-2xl border bg-card p-8 shadow-sm',
            plan.popular && 'border-primary shadow-xl shadow-indigo-500/10 ring-1 ring-primary',
          )}
        >
          {plan.popular && <Badge className="absolute -top-3 left-8">Most Popular</Badge>}
          <h3 className="text-lg font-semibold">{plan.name}</h3>
          <p className="mt-4 flex items-baseline gap-1">
            <span className="text-4xl font-extrabold tracking-tight">{planAmount(plan.id)}</span>
            <span className="text-muted-foreground">/month</span>
          </p>
          <ul className="mt-6 flex flex-1 flex-col gap-3 text-sm">
            {planFeatures(plan.id).map((f) => (
              <li key={f} className="flex items-start gap-2">
                <Check className="mt-0.5 size-4 shrink-0 text-emerald-600" aria-hidden="true" /> {f}
              </li>
            ))}
          </ul>
          <Button asChild className="mt-8" variant={plan.popular ? 'gradient' : 'outline'} size="lg">
            <Link href={`/auth?plan=${plan.id}`} data-testid={`plan-${plan.id}`}>
              Choose {plan.name}
            </Link>
          </Button>
        </div>
      ))}
    </div>
  );
}

export function Plans() {
  return (
    <Section
      id="plans"
      eyebrow="Plans"
      title="Simple plans that grow with you"
      subtitle={`Every plan starts with a ${TRIAL_TEXT}.`}
    >
      <PlanGrid />
    </Section>
  );
}
