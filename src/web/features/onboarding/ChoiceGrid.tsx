import { Check } from 'lucide-react';
import { useId } from 'react';
import { cn } from '../../lib/utils';
import type { Choice } from './steps';

/**
 * A single-choice group of cards built on native radio inputs, so arrow keys, Tab and screen readers
 * behave as for any radio group.
 */
export function ChoiceGrid<T extends string>(props: {
  label: string;
  choices: Choice<T>[];
  value: T | undefined;
  onChange: (value: T) => void;
  columns?: 2 | 3;
}) {
  const name = useId();
  return (
    <fieldset>
      <legend className="sr-only">{props.label}</legend>
      <div className={cn('grid gap-3 sm:grid-cols-2', props.columns === 3 && 'lg:grid-cols-3')}>
        {props.choices.map((choice) => {
          const selected = choice.value === props.value;
          const Icon = choice.icon;
          return (
            <label
              key={choice.value}
              className={cn(
                'relative flex cursor-pointer items-start gap-3 rounded-xl border bg-card p-4 transition-all',
                'hover:border-primary/50 hover:shadow-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
                selected && 'border-primary bg-accent/60 shadow-sm ring-1 ring-primary',
              )}
            >
              <input
                type="radio"
                className="sr-only"
                name={name}
                value={choice.value}
                checked={selected}
                onChange={() => props.onChange(choice.value)}
              />
              <span
                className={cn(
                  'flex size-10 shrink-0 items-center justify-center rounded-lg bg-muted text-muted-foreground transition-colors',
                  selected && 'bg-primary text-primary-foreground',
                )}
              >
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <span className="flex flex-col gap-0.5">
                <span className="font-medium">{choice.label}</span>
                <span className="text-sm text-muted-foreground">{choice.description}</span>
              </span>
              {selected && (
                <Check className="absolute top-3 right-3 size-4 text-primary" aria-hidden="true" />
              )}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
