import { Plus, Trash2 } from 'lucide-react';
import { useRef } from 'react';
import { MAX_VARIANTS, type Step, VARIANT_LABELS } from '../../../../shared/email-automation';
import { cn } from '../../../lib/utils';
import { Button } from '../../../ui/button';
import { Card, CardContent, CardHeader } from '../../../ui/card';
import { Input } from '../../../ui/input';
import { Label } from '../../../ui/label';
import { Textarea } from '../../../ui/textarea';
import { AiDraftBar } from './AiDraftBar';
import { SectionTitle } from './SectionTitle';
import { stepTitle } from './step-title';

/** One step of a sequence: its delay, its A/B variants, subject and body, merge fields, AI drafting. */
export function StepCard(props: {
  index: number;
  step: Step;
  variant: number;
  onVariant: (v: number) => void;
  onChange: (s: Step) => void;
  onRemove?: () => void;
  mergeFields: string[];
}) {
  const { index, step, variant, onChange } = props;
  const v = step.variants[variant]!;
  const subjectRef = useRef<HTMLInputElement>(null);
  const bodyRef = useRef<HTMLTextAreaElement>(null);
  const lastFocus = useRef<'subject' | 'body'>('body');
  const label = `${stepTitle(index)}${step.variants.length > 1 ? ` (variant ${VARIANT_LABELS[variant]})` : ''}`;

  const setVariant = (patch: Partial<typeof v>) =>
    onChange({ ...step, variants: step.variants.map((x, j) => (j === variant ? { ...x, ...patch } : x)) });

  const insert = (field: string) => {
    const target = lastFocus.current === 'subject' ? subjectRef.current : bodyRef.current;
    const key = lastFocus.current;
    const text = v[key];
    const at = target?.selectionStart ?? text.length;
    const end = target?.selectionEnd ?? at;
    setVariant({ [key]: `${text.slice(0, at)}{{${field}}}${text.slice(end)}` });
    requestAnimationFrame(() => target?.focus());
  };

  return (
    <Card data-testid={`step-${index + 1}`}>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-3 space-y-0 pb-3">
        <SectionTitle className="text-lg">{stepTitle(index)}</SectionTitle>
        <div className="flex flex-wrap items-center gap-2">
          {index > 0 && (
            <div className="flex items-center gap-2">
              <Label htmlFor={`delay-${index}`} className="text-sm font-normal text-muted-foreground">
                Wait
              </Label>
              <Input
                id={`delay-${index}`}
                aria-label={`${stepTitle(index)} delay in days`}
                type="number"
                min={0}
                max={365}
                className="h-8 w-20"
                value={step.delayDays}
                onChange={(e) =>
                  onChange({ ...step, delayDays: Math.max(0, Math.min(365, Number(e.target.value) || 0)) })
                }
              />
              <span className="text-sm text-muted-foreground">days</span>
            </div>
          )}
          {props.onRemove && (
            <Button
              type="button"
              variant="ghost"
              size="sm"
              onClick={props.onRemove}
              aria-label={`Remove ${stepTitle(index)}`}
            >
              <Trash2 />
            </Button>
          )}
        </div>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <fieldset className="flex flex-wrap items-center gap-1">
          <legend className="sr-only">{`${stepTitle(index)} variants`}</legend>
          {step.variants.map((_, j) => (
            <Button
              // biome-ignore lint/suspicious/noArrayIndexKey: variants are positional (A, B, …)
              key={j}
              type="button"
              aria-pressed={j === variant}
              size="sm"
              variant={j === variant ? 'default' : 'outline'}
              onClick={() => props.onVariant(j)}
            >
              Variant {VARIANT_LABELS[j]}
            </Button>
          ))}
          {step.variants.length < MAX_VARIANTS && (
            <Button
              type="button"
              size="sm"
              variant="ghost"
              onClick={() => {
                onChange({ ...step, variants: [...step.variants, { ...v }] });
                props.onVariant(step.variants.length);
              }}
            >
              <Plus /> A/B variant
            </Button>
          )}
          {step.variants.length > 1 && (
            <Button
              type="button"
              size="sm"
              variant="ghost"
              onClick={() => {
                onChange({ ...step, variants: step.variants.filter((_, j) => j !== variant) });
                props.onVariant(0);
              }}
            >
              <Trash2 /> Remove variant {VARIANT_LABELS[variant]}
            </Button>
          )}
        </fieldset>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`subject-${index}`}>{label} subject</Label>
          <Input
            id={`subject-${index}`}
            ref={subjectRef}
            maxLength={300}
            placeholder={
              index === 0
                ? 'Quick question about {{company_name}}'
                : 'Leave empty to reply in the same thread'
            }
            value={v.subject}
            onFocus={() => (lastFocus.current = 'subject')}
            onChange={(e) => setVariant({ subject: e.target.value })}
          />
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`body-${index}`}>{label} body</Label>
          <Textarea
            id={`body-${index}`}
            ref={bodyRef}
            rows={7}
            maxLength={20_000}
            placeholder="Hi {{first_name}}, …"
            value={v.body}
            onFocus={() => (lastFocus.current = 'body')}
            onChange={(e) => setVariant({ body: e.target.value })}
          />
        </div>
        <div className="flex flex-wrap items-center gap-1.5">
          <span className="text-xs text-muted-foreground">Insert:</span>
          {props.mergeFields.map((f) => (
            <button
              key={f}
              type="button"
              onClick={() => insert(f)}
              className={cn(
                'rounded-md border bg-muted/50 px-2 py-0.5 font-mono text-xs hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
              )}
            >
              {`{{${f}}}`}
            </button>
          ))}
        </div>
        <AiDraftBar
          stepIndex={index}
          subject={v.subject}
          body={v.body}
          mergeFields={props.mergeFields}
          onDrafted={(out) => setVariant(out)}
        />
      </CardContent>
    </Card>
  );
}
