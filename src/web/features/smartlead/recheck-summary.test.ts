import { describe, expect, it } from 'vitest';
import { createdDescription, recheckSentence } from './RecheckSummary';

const none = { checked: 0, heldInvalid: 0, unanswered: 0, heldUnchecked: 0, waiting: null };

describe('what a send re-check says', () => {
  it('says nothing when no lead was stale', () => {
    expect(recheckSentence(none)).toBeNull();
  });

  it('counts the leads held back as invalid and those that could not be checked, by the choice made', () => {
    expect(recheckSentence({ ...none, checked: 3, heldInvalid: 1 })).toBe(
      '3 addresses verified a while ago were checked again; 1 no longer exists and was held back.',
    );
    expect(
      recheckSentence({ ...none, checked: 1, unanswered: 2, waiting: { count: 2, why: 'No answer.' } }),
    ).toBe(
      '3 addresses verified a while ago were due for a new check; 2 could not be checked and wait for your choice.',
    );
    expect(recheckSentence({ ...none, unanswered: 3, heldUnchecked: 2 })).toBe(
      '3 addresses verified a while ago were due for a new check; 2 could not be checked and were held back, as you chose; 1 could not be checked and went on their earlier verdict, as you chose.',
    );
  });
});

describe('what "Campaign created" says', () => {
  it('counts the leads sent: those chosen less the ones the re-check held back (invalid now, or unchecked by choice)', () => {
    expect(createdDescription('Q4', 10, 0)).toBe('Created campaign "Q4" with 10 emails in Smartlead.');
    expect(createdDescription('Q4', 10, 3)).toBe(
      'Created campaign "Q4" with 7 emails in Smartlead (3 held back).',
    );
  });
});
