import { describe, expect, it } from 'vitest';
import {
  CREDIT_RULE,
  ESTIMATE_GROUPS,
  ESTIMATE_LABELS,
  RELEASE_REASONS,
  type ReleaseReason,
} from './credits';
import { FAIR_CREDITS_TEXT } from './plans';

// The words of decision 0890 on every screen (plan cards, billing, pricing, usage, the estimate): each
// charged answer and each reason a credit is given back must be named, so a new release reason or a
// shortened sentence cannot leave a screen promising less (or more) than the ledger does.

const FREE_WORDS: Record<ReleaseReason, RegExp> = {
  unknown: /unknown/i,
  syntax: /malformed/i,
  duplicate: /duplicate/i,
  reused: /recent/i,
  unfinished: /did not reach|unreached/i,
};

describe('the credit rule', () => {
  it('names every definite answer it charges', () => {
    for (const g of ESTIMATE_GROUPS.filter((x) => ESTIMATE_LABELS[x].charged)) {
      expect(CREDIT_RULE, g).toContain(g === 'catch_all' ? 'catch-all' : g);
    }
  });

  it('names every reason a reserved credit is given back, in the rule and on the plan cards', () => {
    for (const r of RELEASE_REASONS) {
      expect(CREDIT_RULE, r).toMatch(FREE_WORDS[r]);
      expect(FAIR_CREDITS_TEXT, r).toMatch(FREE_WORDS[r]);
    }
  });
});
