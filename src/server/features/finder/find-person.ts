import { type FindPerson, nameParts } from '../../../shared/finder';
import type { Verifier } from '../verification';
import { type Answer, answerOf } from './answer';
import { askServer } from './ask';
import { candidatesFor } from './candidates';
import { companyDomain } from './company-domain';
import { type Example, othersAddresses, patternSupport } from './evidence';

// One person, end to end: the domain of their company, what the domain's known addresses say about its
// pattern, the candidates in that order, and the server's answers. Callers provide the examples (the
// workspace's own, this search's, the website's), so one workspace's addresses never reach another.

export interface FindContext {
  verifier: Verifier;
  tenant: string;
  workspace?: string;
  signal?: AbortSignal;
  /** What is known about the domain's addresses; `problem` says why the website taught nothing. */
  examples(domain: string): Promise<{ examples: Example[]; siteProblem: string | null }>;
}

export interface Found {
  domain: string | null;
  answer: Answer;
}

const nothing = (note: string): Answer => ({
  email: null,
  status: 'not_found',
  score: 0,
  pattern: null,
  evidence: {
    smtpCode: null,
    smtpMessage: null,
    rejected: 0,
    tried: 0,
    source: 'common',
    examples: [],
    note,
  },
});

export async function findPerson(person: FindPerson, ctx: FindContext): Promise<Found> {
  const domain = companyDomain(person.company);
  if (!domain) {
    return {
      domain: null,
      answer: nothing(`"${person.company}" is not a domain or website (e.g. acme.com).`),
    };
  }
  const name = nameParts(person);
  if (!name)
    return { domain, answer: nothing('This name cannot be spelled in the letters an address uses.') };
  const { examples, siteProblem } = await ctx.examples(domain);
  const support = patternSupport(examples);
  const candidates = candidatesFor(name, domain, support);
  if (candidates.length === 0) {
    return { domain, answer: nothing('A last name is needed for any pattern but {first}.') };
  }
  // An address the user's own list gives to someone else (John Smith's j.smith@ when looking for Jane
  // Smith) is not asked about: it exists, and it is not hers. One only found for someone else earlier
  // is asked, and if accepted it is ambiguous: the server cannot say whose it is.
  const { owned, claimed } = othersAddresses(examples, name);
  const asked = candidates.filter((c) => !owned.has(c.address));
  const taken = candidates.find((c) => owned.has(c.address));
  const heard = await askServer({ ...ctx, candidates: asked });
  const answer = answerOf({ name, domain, candidates: asked, support, heard, others: claimed, siteProblem });
  if (taken && answer.status === 'not_found') {
    answer.evidence.note =
      `${taken.address} would fit, but it is ${owned.get(taken.address)}'s. ${answer.evidence.note ?? ''}`.trim();
  }
  return { domain, answer };
}
