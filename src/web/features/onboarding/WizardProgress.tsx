import { Check } from 'lucide-react';
import { ONBOARDING_STEPS } from '../../../shared/onboarding';
import { cn } from '../../lib/utils';
import { Progress } from '../../ui/progress';
import { STEPS } from './steps';

/** "Step n of 5", percent complete, a bar, and the row of step icons. */
export function WizardProgress({ step }: { step: number }) {
  const percent = Math.round(((step + 1) / ONBOARDING_STEPS) * 100);
  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-col gap-2">
        <div className="flex items-center justify-between text-sm">
          <span className="font-medium" data-testid="onboarding-step">
            Step {step + 1} of {ONBOARDING_STEPS}
          </span>
          <span className="text-muted-foreground">{percent}% complete</span>
        </div>
        <Progress value={percent} aria-label="Onboarding progress" />
      </div>
      <ol className="flex items-start justify-between gap-2">
        {STEPS.map((s, i) => {
          const Icon = i < step ? Check : s.icon;
          return (
            <li
              key={s.label}
              className="flex flex-1 flex-col items-center gap-1.5 text-center"
              aria-current={i === step ? 'step' : undefined}
            >
              <span
                className={cn(
                  'flex size-10 items-center justify-center rounded-full border-2 transition-colors',
                  i < step && 'border-primary bg-primary text-primary-foreground',
                  i === step && 'border-primary bg-accent text-primary',
                  i > step && 'border-border bg-card text-muted-foreground',
                )}
              >
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <span
                className={cn(
                  'hidden text-xs sm:block',
                  i === step ? 'font-medium text-foreground' : 'text-muted-foreground',
                )}
              >
                {s.label}
              </span>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
