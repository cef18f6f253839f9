import { Loader2, Plus, Sparkles, Trash2, Wand2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { MAX_STEPS, MAX_VARIANTS, type Step, VARIANT_LABELS } from '../../../../shared/email-automation';
import { errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { cn } from '../../../lib/utils';
import { Button } from '../../../ui/button';
import { Card, CardContent, CardHeader } from '../../../ui/card';
import { Input } from '../../../ui/input';
import { Label } from '../../../ui/label';
import { Textarea } from '../../../ui/textarea';
import { draftEmail, emptyStep } from './api';
import { SectionTitle } from './SectionTitle';

// The steps of a sequence: subject and body per A/B variant, the delay before each follow-up, merge
// fields inserted at the cursor, and AI drafting / rewriting of one variant at a time.

const stepTitle = (i: number) => (i === 0 ? 'Email 1' : `Follow-up ${i}`);

export function SequenceEditor({
  steps,
  onChange,
  mergeFields,
  active,
  onActiveChange,
}: {
  steps: Step[];
  onChange: (steps: Step[]) => void;
  mergeFields: string[];
  /** The variant shown per step (index into variants). */
  active: number[];
  onActiveChange: (active: number[]) => void;
}) {
  const setStep = (i: number, step: Step) => onChange(steps.map((s, j) => (j === i ? step : s)));
  return (
    <div className="flex flex-col gap-4">
      {steps.map((step, i) => (
        <StepCard
          // biome-ignore lint/suspicious/noArrayIndexKey: a step's identity is its position in the sequence
          key={i}
          index={i}
          step={step}
          variant={Math.min(active[i] ?? 0, step.variants.length - 1)}
          onVariant={(v) => onActiveChange(steps.map((_, j) => (j === i ? v : (active[j] ?? 0))))}
          onChange={(s) => setStep(i, s)}
          onRemove={steps.length > 1 ? () => onChange(steps.filter((_, j) => j !== i)) : undefined}
          mergeFields={mergeFields}
        />
      ))}
      {steps.length < MAX_STEPS && (
        <Button type="button" variant="outline" onClick={() => onChange([...steps, emptyStep(3)])}>
          <Plus /> Add follow-up
        </Button>
      )}
    </div>
  );
}

function StepCard(props: {
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
  const [busy, setBusy] = useState<'draft' | 'rewrite' | null>(null);
  const [brief, setBrief] = useState('');
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

  const ai = async (mode: 'draft' | 'rewrite') => {
    setBusy(mode);
    try {
      const out = await draftEmail({
        mode,
        brief,
        stepIndex: index,
        subject: v.subject,
        body: v.body,
        mergeFields: props.mergeFields,
      });
      setVariant({ subject: out.subject, body: out.body });
      toast({
        title: mode === 'draft' ? 'Draft ready' : 'Rewritten',
        description:
          out.source === 'ai'
            ? 'Written by the AI model.'
            : 'No AI model is available, so a template was used.',
      });
    } catch (err) {
      toast({
        title: 'AI Assistant Unavailable',
        description: errorMessage(err, 'Please try again later.'),
        variant: 'destructive',
      });
    } finally {
      setBusy(null);
    }
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
        <div className="flex flex-col gap-2 rounded-lg border border-dashed p-3 sm:flex-row sm:items-center">
          <Input
            aria-label={`What should ${stepTitle(index)} say?`}
            placeholder="What should this email say? (for the AI draft)"
            value={brief}
            maxLength={1000}
            onChange={(e) => setBrief(e.target.value)}
          />
          <div className="flex gap-2">
            <Button
              type="button"
              size="sm"
              variant="secondary"
              disabled={busy !== null}
              onClick={() => void ai('draft')}
            >
              {busy === 'draft' ? <Loader2 className="animate-spin" /> : <Sparkles />} Draft
            </Button>
            <Button
              type="button"
              size="sm"
              variant="secondary"
              disabled={busy !== null || !v.body.trim()}
              onClick={() => void ai('rewrite')}
            >
              {busy === 'rewrite' ? <Loader2 className="animate-spin" /> : <Wand2 />} Rewrite
            </Button>
          </div>
        </div>
      </CardContent>
    </Card>
  );
}
