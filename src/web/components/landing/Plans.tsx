import { Check } from 'lucide-react';
import { Link } from 'wouter';
import { cn } from '../../lib/utils';
import { Badge } from '../ui/badge';
import { Button } from '../ui/button';
import { PLAN_CARDS, splitPrice } from './plans';
import { Section } from './Section';

export function Plans() {
  return (
    <Section
      id="plans"
      eyebrow="Plans"
      title="Simple plans that grow with you"
      subtitle="Every plan starts with a 7-day free trial. No credit card required."
    >
      <div className="grid items-stretch gap-6 lg:grid-cols-3">
        {PLAN_CARDS.map((plan) => {
          const [amount, period] = splitPrice(plan.price);
          return (
            <div
              key={plan.id}
              className={cn(
                'relative flex flex-col rounded-2xl border bg-card p-8 shadow-sm',
                plan.popular && 'border-primary shadow-xl shadow-indigo-500/10 ring-1 ring-primary',
              )}
            >
              {plan.popular && <Badge className="absolute -top-3 left-8">Most Popular</Badge>}
              <h3 className="text-lg font-semibold">{plan.name}</h3>
              <p className="mt-4 flex items-baseline gap-1">
                <span className="text-4xl font-extrabold tracking-tight">{amount}</span>
                <span className="text-muted-foreground">{period}</span>
              </p>
              <ul className="mt-6 flex flex-1 flex-col gap-3 text-sm">
                {plan.features.map((f) => (
                  <li key={f} className="flex items-start gap-2">
                    <Check className="mt-0.5 size-4 shrink-0 text-emerald-600" /> {f}
                  </li>
                ))}
              </ul>
              <Button asChild className="mt-8" variant={plan.popular ? 'gradient' : 'outline'} size="lg">
                <Link href={`/auth?plan=${plan.id}`} data-testid={`plan-${plan.id}`}>
                  Choose {plan.name}
                </Link>
              </Button>
            </div>
          );
        })}
      </div>
    </Section>
  );
}
