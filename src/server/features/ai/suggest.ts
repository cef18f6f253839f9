import { z } from 'zod';
import { type Suggestion, suggestionSchema } from '../../../shared/ai';
import { instagramUsernameFromUrl } from '../../../shared/scraper';
import type { Config } from '../../platform/config';
import { modelFromConfig, structuredChat } from './client';

// Help on input fields (AI suggestion). The heuristics know the scraper's fields well enough
// to be useful alone; a configured model adds ideas, and its failure falls back to the heuristics.

export interface SuggestInput {
  context: string;
  fieldType: string;
  fieldValue: string;
}

const lines = (v: string) =>
  v
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);

function dedupe(xs: string[]): string[] {
  const seen = new Set<string>();
  return xs.filter((x) => {
    const k = x.toLowerCase();
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

function keywordSuggestions(value: string): Suggestion[] {
  const ls = lines(value);
  const out: Suggestion[] = [];
  const unique = dedupe(ls);
  if (unique.length < ls.length) {
    out.push({
      type: 'warning',
      title: 'Duplicate keywords',
      content: `${ls.length - unique.length} keyword(s) appear more than once; each search costs the same, so duplicates only repeat results.`,
      action: { label: 'Remove duplicates', value: unique.join('\n') },
    });
  }
  if (ls.some((l) => /^https?:\/\/|instagram\.com\//i.test(l))) {
    out.push({
      type: 'warning',
      title: 'Profile links belong in URL Scrape',
      content:
        'Keyword Search looks for words in profile names. Paste profile links in the URL Scrape tab instead.',
      action: {
        label: 'Keep only keywords',
        value: ls.filter((l) => !/^https?:\/\/|instagram\.com\//i.test(l)).join('\n'),
      },
    });
  }
  if (ls.some((l) => /[#@]/.test(l))) {
    out.push({
      type: 'suggestion',
      title: 'Drop # and @',
      content: 'The search matches account names and bios; hashtags and handles narrow it to exact tags.',
      action: {
        label: 'Remove symbols',
        value: dedupe(ls.map((l) => l.replace(/[#@]/g, '').trim()).filter(Boolean)).join('\n'),
      },
    });
  }
  const single = unique.filter((l) => !/\s/.test(l) && !/[#@/]/.test(l));
  if (single.length > 0) {
    const first = single[0].toLowerCase();
    out.push({
      type: 'optimization',
      title: 'Target business accounts',
      content: `Single words like "${first}" match many personal accounts. Adding a role or place ("${first} owner", "${first} studio", "${first} miami") finds businesses that publish a contact email.`,
      action: {
        label: 'Add variations',
        value: dedupe([...unique, `${first} owner`, `${first} studio`]).join('\n'),
      },
    });
  }
  const long = unique.filter((l) => l.split(/\s+/).length > 4);
  if (long.length) {
    out.push({
      type: 'tip',
      title: 'Shorter keywords find more profiles',
      content: `"${long[0]}" is long; profile names rarely contain more than two or three of those words.`,
    });
  }
  if (unique.length > 10) {
    out.push({
      type: 'optimization',
      title: 'Many keywords share one limit',
      content: `The profile limit is split across ${unique.length} keywords, so each returns only a few profiles. Keep the 5–10 most specific ones.`,
    });
  }
  if (out.length === 0) {
    out.push({
      type: 'tip',
      title: 'Good keywords',
      content:
        'Each line is searched separately. Profiles with an email in their bio or contact button are the ones you can reach; use Get Full on promising results.',
    });
  }
  return out;
}

function urlSuggestions(value: string): Suggestion[] {
  const ls = lines(value);
  const out: Suggestion[] = [];
  const bad = ls.filter((l) => !instagramUsernameFromUrl(l));
  if (bad.length) {
    out.push({
      type: 'warning',
      title: 'Some lines are not profile links',
      content: `${bad.length} line(s) are not Instagram profile URLs (posts, reels and other sites are refused): ${bad.slice(0, 3).join(', ')}`,
      action: {
        label: 'Keep valid profile URLs',
        value: ls.filter((l) => instagramUsernameFromUrl(l)).join('\n'),
      },
    });
  }
  const names = ls.map((l) => instagramUsernameFromUrl(l)).filter(Boolean);
  if (new Set(names).size < names.length) {
    out.push({
      type: 'suggestion',
      title: 'Duplicate profiles',
      content: 'Some profiles are listed twice; each is scraped once.',
      action: {
        label: 'Remove duplicates',
        value: [...new Set(names)].map((n) => `https://www.instagram.com/${n}/`).join('\n'),
      },
    });
  }
  if (!out.length) {
    out.push({
      type: 'tip',
      title: 'Ready to scrape',
      content: `${names.length} profile(s) will be scraped in full.`,
    });
  }
  return out;
}

export function heuristicSuggestions(input: SuggestInput): Suggestion[] {
  const value = input.fieldValue ?? '';
  const field = input.fieldType.toLowerCase();
  if (field.includes('keyword')) return keywordSuggestions(value);
  if (field.includes('url')) return urlSuggestions(value);
  if (field.includes('campaign') || field.includes('name')) {
    return value.trim().length < 4
      ? [
          {
            type: 'tip',
            title: 'Use a descriptive name',
            content: 'Include the audience and month, e.g. "Miami dentists – May".',
          },
        ]
      : [];
  }
  return [];
}

const modelAnswer = z.object({
  suggestions: z
    .array(suggestionSchema.extend({ action: suggestionSchema.shape.action.unwrap().nullable() }))
    .max(6),
});

export async function getSuggestions(opts: {
  config: Config;
  input: SuggestInput;
}): Promise<{ suggestions: Suggestion[]; source: 'model' | 'heuristics' }> {
  const model = modelFromConfig(opts.config);
  if (model) {
    try {
      const answer = await structuredChat({
        model,
        name: 'field_suggestions',
        parse: modelAnswer,
        system:
          'You help users of an Instagram lead-generation and email verification tool fill in form fields. ' +
          'Give at most 4 short, concrete suggestions for the field value. An action value replaces the whole field.',
        user: JSON.stringify(opts.input),
      });
      return {
        source: 'model',
        suggestions: answer.suggestions
          .slice(0, 4)
          .map(({ action, ...s }) => (action ? { ...s, action } : s)),
      };
    } catch {
      // Fall through to the heuristics.
    }
  }
  return { source: 'heuristics', suggestions: heuristicSuggestions(opts.input) };
}
