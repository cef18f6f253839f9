import { describe, expect, it } from 'vitest';
import {
  fieldsIn,
  leadValues,
  mergeKey,
  mergeParts,
  missingFields,
  SAMPLE_VALUES,
  spamHints,
} from './merge-fields';

describe('merge fields', () => {
  it('names uploaded columns as Smartlead custom field keys', () => {
    expect(mergeKey('Job Title')).toBe('job_title');
    expect(mergeKey('  Société / Ville ')).toBe('societe_ville');
  });

  it('renders a lead, leaving unknown or empty fields visible, and lists what is missing', () => {
    const values = leadValues({ name: 'Ann Lee Jr', company: '', fields: { job_title: 'CTO' } });
    expect(values).toMatchObject({
      first_name: 'Ann',
      last_name: 'Lee Jr',
      company_name: '',
      job_title: 'CTO',
    });
    const text = 'Hi {{first_name}}, {{ job_title }} at {{company_name}} ({{city}})';
    expect(fieldsIn(text)).toEqual(['first_name', 'job_title', 'company_name', 'city']);
    expect(mergeParts(text, values)).toEqual([
      { text: 'Hi Ann, CTO at ' },
      { text: '{{company_name}}', missing: 'company_name' },
      { text: ' (' },
      { text: '{{city}}', missing: 'city' },
      { text: ')' },
    ]);
    expect(missingFields(text, values)).toEqual(['company_name', 'city']);
  });

  it('flags common spam triggers, shouting, !!! and many links, not ordinary words', () => {
    expect(spamHints('Get it FREE now!!! Click here').map((h) => h.kind)).toEqual([
      'word',
      'word',
      'caps',
      'exclamation',
    ]);
    expect(spamHints('A freelance CEO at a B2B SaaS firm.')).toEqual([]);
    expect(spamHints('http://a http://b https://c')).toEqual([{ kind: 'links', text: '3 links' }]);
  });

  // The composer's preview (decision 0201): sample values before the first verified lead, gaps marked.
  it('cuts a text into filled values and marked gaps', () => {
    expect(mergeParts('Hi {{first_name}} at {{company_name}}, {{city}}!', { first_name: 'Ann' })).toEqual([
      { text: 'Hi Ann at ' },
      { text: '{{company_name}}', missing: 'company_name' },
      { text: ', ' },
      { text: '{{city}}', missing: 'city' },
      { text: '!' },
    ]);
    expect(mergeParts('Quick question about {{company_name}}', SAMPLE_VALUES)).toEqual([
      { text: 'Quick question about Acme Inc' },
    ]);
  });
});
