// Merge fields ({{first_name}}, uploaded columns), the preview renderer and the composer's warnings. Shared
// so the composer shows exactly what the server would check, and both are tested once.

export const BUILTIN_FIELDS = ['first_name', 'last_name', 'company_name'] as const;

/** The merge-field name of an uploaded column: "Job Title" → job_title (Smartlead custom field key). */
export function mergeKey(header: string): string {
  return header
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 60);
}

const FIELD_RE = /\{\{\s*([a-zA-Z0-9_]+)\s*\}\}/g;

/** Merge fields used in a text, in order of first use. */
export function fieldsIn(text: string): string[] {
  const out = new Set<string>();
  for (const m of text.matchAll(FIELD_RE)) out.add(m[1]!);
  return [...out];
}

/** The text cut where merge fields are: values filled in, fields without one kept apart (`missing`). */
export function mergeParts(
  text: string,
  values: Record<string, string>,
): { text: string; missing?: string }[] {
  const parts: { text: string; missing?: string }[] = [];
  let plain = '';
  let at = 0;
  for (const m of text.matchAll(FIELD_RE)) {
    const v = values[m[1]!];
    plain += text.slice(at, m.index);
    at = m.index + m[0].length;
    if (v?.trim()) {
      plain += v;
      continue;
    }
    if (plain) parts.push({ text: plain });
    parts.push({ text: m[0], missing: m[1] });
    plain = '';
  }
  plain += text.slice(at);
  if (plain) parts.push({ text: plain });
  return parts;
}

/** Values the preview uses before the user has a verified lead of their own. */
export const SAMPLE_VALUES: Record<string, string> = {
  first_name: 'Alex',
  last_name: 'Morgan',
  company_name: 'Acme Inc',
};

/** Fields the text uses that this lead has no value for. */
export function missingFields(text: string, values: Record<string, string>): string[] {
  return fieldsIn(text).filter((f) => !values[f]?.trim());
}

// Words and patterns that commonly push cold email into spam folders. The list is deliberately short
// and explainable; each hit is a hint, not a verdict.
const SPAM_WORDS = [
  'free',
  'guarantee',
  'guaranteed',
  'act now',
  'limited time',
  'urgent',
  'risk-free',
  'risk free',
  'winner',
  'cash',
  '100%',
  'click here',
  'buy now',
  'no obligation',
  'earn money',
  'make money',
  'double your',
  'once in a lifetime',
  'special promotion',
  'dear friend',
  'congratulations',
  'exclusive deal',
  'lowest price',
  'unsubscribe',
];

export interface SpamHint {
  kind: 'word' | 'caps' | 'exclamation' | 'links';
  text: string;
}

/** Common spam triggers in a subject or body (lower-case words, shouting, !!!, many links). */
export function spamHints(text: string): SpamHint[] {
  const hints: SpamHint[] = [];
  const lower = text.toLowerCase();
  for (const w of SPAM_WORDS) {
    const re = new RegExp(`(^|[^a-z])${w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^a-z])`, 'i');
    if (re.test(lower)) hints.push({ kind: 'word', text: w });
  }
  const shouted = text
    .match(/\b[A-Z]{4,}\b/g)
    ?.filter((w) => !/^(HTML|HTTP|HTTPS|SaaS|CEO|CTO|CFO|B2B|B2C)$/.test(w));
  if (shouted?.length) hints.push({ kind: 'caps', text: shouted.slice(0, 3).join(', ') });
  if (/!{2,}/.test(text)) hints.push({ kind: 'exclamation', text: '!!' });
  const links = text.match(/https?:\/\//g)?.length ?? 0;
  if (links > 2) hints.push({ kind: 'links', text: `${links} links` });
  return hints;
}

export function spamHintLabel(h: SpamHint): string {
  switch (h.kind) {
    case 'word':
      return `“${h.text}” is a common spam trigger`;
    case 'caps':
      return `Words in capitals (${h.text}) read as shouting`;
    case 'exclamation':
      return 'Several exclamation marks in a row';
    case 'links':
      return `Many links (${h.text}); cold emails do best with one or none`;
  }
}

/** Lead values for merge fields: the built-in three plus every uploaded column by its merge key. */
export function leadValues(lead: {
  name: string | null;
  company: string | null;
  fields?: Record<string, string>;
}): Record<string, string> {
  const words = (lead.name ?? '').trim().split(/\s+/).filter(Boolean);
  return {
    ...(lead.fields ?? {}),
    first_name: words[0] ?? '',
    last_name: words.slice(1).join(' '),
    company_name: lead.company ?? '',
  };
}
