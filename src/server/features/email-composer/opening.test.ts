import { describe, expect, it } from 'vitest';
import { openingLine } from './opening';

// The offline draft's first sentence reads as English whatever shape the brief has (decision 0201).
describe('openingLine', () => {
  it.each([
    ['offer a free audit', "I'd like to offer a free audit."],
    ['Offer a free audit!', "I'd like to offer a free audit."],
    ['We help agencies clean their lead lists', 'We help agencies clean their lead lists.'],
    ['our new CRM integration saves 5 hours a week', 'Our new CRM integration saves 5 hours a week.'],
    [
      'a free deliverability audit for agencies',
      'I wanted to tell you about a free deliverability audit for agencies.',
    ],
    ['to introduce Verilead', "I'm reaching out to introduce Verilead."],
    ['because your team is hiring SDRs', "I'm reaching out because your team is hiring SDRs."],
    ['about the webinar next week', "I'm reaching out about the webinar next week."],
    ['helping agencies with cold email', "I'm reaching out about helping agencies with cold email."],
    ['  SaaS   onboarding tips ', 'I wanted to tell you about SaaS onboarding tips.'],
  ])('%s', (brief, line) => {
    expect(openingLine(brief)).toBe(line);
  });
  it('has nothing to say for an empty brief', () => {
    expect(openingLine('  ')).toBeNull();
  });
});
