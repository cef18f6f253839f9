import { z } from 'zod';
import type { DraftResult } from '../../../shared/email-automation';
import { draftRequestSchema } from '../../../shared/email-automation';
import { BUILTIN_FIELDS, spamHints } from '../../../shared/merge-fields';
import type { Config } from '../../platform/config';
import { modelFromConfig, structuredChat } from '../ai';
import { openingLine } from './opening';

// Drafting and rewriting sequence emails. With a configured OpenAI-compatible model the model writes;
// without one (or when it fails) offline templates and rules do, so the composer always helps.

type DraftInput = z.input<typeof draftRequestSchema>;

const SYSTEM = [
  'You write short, plain-text B2B cold emails for a sequence.',
  'Use merge fields exactly as {{field}} from the list given; never invent other fields.',
  'No spam trigger words (free, guarantee, urgent, act now), no capitals for emphasis, at most one link.',
  'First emails: under 120 words, one clear question. Follow-ups: under 60 words, reference the earlier email.',
  'Answer with JSON {subject, body}. A follow-up may have an empty subject (it is sent as a reply).',
].join(' ');

const answerSchema = z.object({ subject: z.string().max(300), body: z.string().min(1).max(20_000) });

export async function draftEmail(opts: { config: Config; input: DraftInput }): Promise<DraftResult> {
  const input = draftRequestSchema.parse(opts.input);
  const model = modelFromConfig(opts.config);
  if (model) {
    try {
      const fields = [...new Set([...BUILTIN_FIELDS, ...input.mergeFields])];
      const out = await structuredChat({
        model,
        system: SYSTEM,
        user: JSON.stringify({
          task:
            input.mode === 'draft'
              ? 'Write this email'
              : 'Rewrite this email; keep its meaning and merge fields',
          step: input.stepIndex + 1,
          brief: input.brief,
          subject: input.subject,
          body: input.body,
          mergeFields: fields,
        }),
        name: 'email_draft',
        parse: answerSchema,
      });
      return { ...out, source: 'ai' };
    } catch {
      // Fall through to the offline template: a model outage must not leave the composer empty-handed.
    }
  }
  return { ...(input.mode === 'draft' ? templateDraft(input) : ruleRewrite(input)), source: 'template' };
}

function templateDraft(input: z.output<typeof draftRequestSchema>) {
  if (input.stepIndex === 0) {
    return {
      subject: 'Quick question about {{company_name}}',
      body: [
        'Hi {{first_name}},',
        '',
        openingLine(input.brief) ?? 'I came across {{company_name}} and had a quick idea I wanted to share.',
        '',
        'Would it be worth a 15-minute call next week to see if it fits {{company_name}}?',
        '',
        'Best,',
      ].join('\n'),
    };
  }
  if (input.stepIndex === 1) {
    return {
      subject: '',
      body: [
        'Hi {{first_name}},',
        '',
        'Just bringing my note from last week back to the top of your inbox. Is this something {{company_name}} is looking at this quarter?',
        '',
        'Best,',
      ].join('\n'),
    };
  }
  return {
    subject: '',
    body: [
      'Hi {{first_name}},',
      '',
      "I haven't heard back, so I'll assume the timing isn't right. If that changes, just reply to this email.",
      '',
      'Best,',
    ].join('\n'),
  };
}

// Plainer words for common spam triggers; phrases that only push ("act now") are dropped.
const SOFTER: [RegExp, string][] = [
  [/\s*\bact now\b[,:]?/gi, ''],
  [/\bfor free\b/gi, 'at no cost'],
  [/\bfree\b/gi, 'complimentary'],
  [/\bguaranteed\b/gi, 'measurable'],
  [/\bguarantee\b/gi, 'commitment'],
  [/\burgent\b/gi, 'timely'],
  [/\bclick here\b/gi, 'see the link'],
  [/\blimited time\b/gi, 'this month'],
  [/\brisk[- ]free\b/gi, 'low-commitment'],
  [/\bbuy now\b/gi, 'take a look'],
  [/\b100%/g, 'fully'],
];

/** The offline rewrite: the same email without common spam triggers, shouting or !!!, with a greeting. */
function ruleRewrite(input: z.output<typeof draftRequestSchema>) {
  const fix = (t: string) => {
    let out = t;
    for (const [re, by] of SOFTER) out = out.replace(re, by);
    out = out.replace(/\b([A-Z])([A-Z]{3,})\b/g, (w, a: string, rest: string) =>
      spamHints(w).some((h) => h.kind === 'caps') ? a + rest.toLowerCase() : w,
    );
    out = out
      .replace(/!{2,}/g, '!')
      .replace(/[ \t]+\n/g, '\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim();
    // A dropped phrase may leave a sentence starting in lower case.
    return out.charAt(0).toUpperCase() + out.slice(1);
  };
  let body = fix(input.body);
  if (body && !/^(hi|hello|hey|dear)\b/i.test(body)) body = `Hi {{first_name}},\n\n${body}`;
  return { subject: fix(input.subject), body: body || templateDraft(input).body };
}
