import { AlertTriangle, CheckCircle2, Eye } from 'lucide-react';
import { useMemo } from 'react';
import { type Step, VARIANT_LABELS } from '../../../../shared/email-automation';
import {
  fieldsIn,
  leadValues,
  mergeParts,
  missingFields,
  SAMPLE_VALUES,
  spamHintLabel,
  spamHints,
} from '../../../../shared/merge-fields';
import type { SendableEmail } from '../../../../shared/smartlead';
import { Card, CardContent, CardDescription, CardHeader } from '../../../ui/card';
import { Label } from '../../../ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../ui/select';
import { SectionTitle } from './SectionTitle';

// The sequence as one real lead of the user's verified lists would receive it, with warnings: merge
// fields this lead (and how many others) has no value for, and common spam triggers.

export function SequencePreview({
  steps,
  active,
  leads,
  leadId,
  onLeadChange,
}: {
  steps: Step[];
  active: number[];
  leads: SendableEmail[];
  leadId: string | null;
  onLeadChange: (id: string) => void;
}) {
  const lead = leads.find((l) => l.id === leadId) ?? leads[0] ?? null;
  // Before the first verified lead, sample values stand in: a preview of raw {{company_name}} read as a bug.
  const values = useMemo(() => (lead ? leadValues(lead) : SAMPLE_VALUES), [lead]);
  const allText = steps.flatMap((s) => s.variants.flatMap((v) => [v.subject, v.body])).join('\n');
  const used = fieldsIn(allText);
  const lacking = useMemo(
    () =>
      used
        .map((f) => ({ f, n: leads.filter((l) => !leadValues(l)[f]?.trim()).length }))
        .filter((x) => x.n > 0),
    [used, leads],
  );

  return (
    <Card className="lg:sticky lg:top-6">
      <CardHeader>
        <SectionTitle className="flex items-center gap-2 text-lg">
          <Eye className="size-5" /> Preview
        </SectionTitle>
        <CardDescription>
          {lead
            ? 'Rendered with a real lead from your verified lists; a highlighted field is empty for this lead.'
            : `Rendered with sample values (${SAMPLE_VALUES.first_name} ${SAMPLE_VALUES.last_name} at ${SAMPLE_VALUES.company_name}).`}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {leads.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            No verified leads yet: upload and verify a list to preview with your own data.
          </p>
        ) : (
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="preview-lead">Preview lead</Label>
            <Select value={lead?.id ?? ''} onValueChange={onLeadChange}>
              <SelectTrigger id="preview-lead" className="min-w-0 [&>span]:truncate">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {leads.slice(0, 500).map((l) => (
                  <SelectItem key={l.id} value={l.id}>
                    {l.email}
                    {l.name ? ` — ${l.name}` : ''}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
        )}
        <div className="flex flex-col gap-3" data-testid="sequence-preview">
          {steps.map((s, i) => {
            const v = s.variants[Math.min(active[i] ?? 0, s.variants.length - 1)]!;
            const reply = i > 0 && !v.subject.trim();
            const subject = reply ? steps[0]!.variants[0]!.subject : v.subject;
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: a step's identity is its position
              <div key={i} className="rounded-lg border bg-muted/30 p-3 text-sm">
                <div className="mb-1 flex justify-between text-xs text-muted-foreground">
                  <span>
                    {i === 0 ? 'Day 0' : `+${s.delayDays} day${s.delayDays === 1 ? '' : 's'}`}
                    {s.variants.length > 1 ? ` · variant ${VARIANT_LABELS[active[i] ?? 0]}` : ''}
                  </span>
                  <span>Email {i + 1}</span>
                </div>
                <p className="font-semibold break-words">
                  {subject.trim() ? (
                    <>
                      {reply && 'Re: '}
                      <Merged text={subject} values={values} />
                    </>
                  ) : (
                    '(no subject)'
                  )}
                </p>
                <p className="mt-2 whitespace-pre-wrap break-words text-muted-foreground">
                  {v.body.trim() ? <Merged text={v.body} values={values} /> : '(empty)'}
                </p>
              </div>
            );
          })}
        </div>
        <Warnings steps={steps} values={values} lacking={lacking} leadCount={leads.length} />
      </CardContent>
    </Card>
  );
}

/** A text as the lead receives it; a field without a value stays visible (as sent) and is marked. */
function Merged({ text, values }: { text: string; values: Record<string, string> }) {
  // Each part is keyed by where it starts in the rendered text.
  let at = 0;
  return mergeParts(text, values).map((p) => {
    const key = at;
    at += p.text.length;
    return p.missing ? (
      <mark
        key={key}
        className="rounded bg-amber-100 px-0.5 text-amber-900"
        title={`No ${p.missing} for this lead`}
      >
        {p.text}
      </mark>
    ) : (
      <span key={key}>{p.text}</span>
    );
  });
}

function Warnings(props: {
  steps: Step[];
  values: Record<string, string>;
  lacking: { f: string; n: number }[];
  leadCount: number;
}) {
  const items: string[] = [];
  props.steps.forEach((s, i) => {
    s.variants.forEach((v, j) => {
      const where = `Email ${i + 1}${s.variants.length > 1 ? ` ${VARIANT_LABELS[j]}` : ''}`;
      const missing = props.leadCount ? missingFields(`${v.subject}\n${v.body}`, props.values) : [];
      if (missing.length)
        items.push(`${where}: this lead has no ${missing.map((f) => `{{${f}}}`).join(', ')}`);
      for (const h of spamHints(`${v.subject}\n${v.body}`)) items.push(`${where}: ${spamHintLabel(h)}`);
    });
  });
  for (const { f, n } of props.lacking) {
    items.push(
      `{{${f}}} is empty for ${n} of ${props.leadCount} verified leads (it stays visible in their email)`,
    );
  }
  if (!items.length) {
    return (
      <p className="flex items-center gap-2 text-sm text-emerald-700" data-testid="composer-warnings">
        <CheckCircle2 className="size-4" /> No missing merge data or spam triggers found.
      </p>
    );
  }
  return (
    <ul
      className="flex flex-col gap-1.5 text-sm text-amber-800"
      data-testid="composer-warnings"
      aria-label="Warnings"
    >
      {[...new Set(items)].map((w) => (
        <li key={w} className="flex gap-2">
          <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>{w}</span>
        </li>
      ))}
    </ul>
  );
}
