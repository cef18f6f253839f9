import { type FindPerson, type NameParts, nameParts } from '../../../shared/finder';
import type { Verifier } from '../verification';
import { type Answer, answerOf, initialsAnswer, namesakeAnswer, notFoundAnswer } from './answer';
import { askServer, type Heard } from './ask';
import {
  AFTER_REJECTS_CANDIDATES,
  ALONE_CANDIDATES,
  type Candidate,
  candidatesFor,
  DISCOVERY_CANDIDATES,
  discoveryOrder,
  fitsNamesakes,
  fullNameCandidates,
  MAX_CANDIDATES,
  rejectsEveryGuess,
} from './candidates';
import { companyDomain } from './company-domain';
import { type Example, namesakesAt, othersAddresses, type PatternSupport, patternSupport } from './evidence';

// One person, end to end: the domain of their company, what the domain's known addresses say about its
// pattern, the candidates in that order, and the server's answers. Callers provide the examples (the
// workspace's own, this search's, the website's), so one workspace's addresses never reach another.

/** What a find has heard from one domain so far (find-many keeps it across the domain's people). */
export interface DomainHeard {
  /** An address was accepted here (or the server accepts any): the pattern can be asked directly. */
  accepted: boolean;
  /** Per pattern, the people it was rejected for (this find's, and the workspace's earlier finds'). */
  rejected: Map<string, number>;
  /** People in a row every candidate was rejected for, in the workspace's earlier finds. */
  rejectedBefore: number;
  /** The last person of their domain in this find still discovering (a single find's one): no colleague will go on after them. */
  alone?: boolean;
}

export interface FindContext {
  verifier: Verifier;
  tenant: string;
  /** Whose probe budget pays for the RCPTs (decision 0860). */
  workspace?: string;
  /** Stop: candidates still queued are withdrawn (an UnjudgedError then, never a verdict). */
  signal?: AbortSignal;
  /**
   * What is known about the domain's addresses; `siteProblem` says why the website taught nothing;
   * `people`: names the workspace asked about there before without an address to show (namesakes).
   */
  examples(domain: string): Promise<{ examples: Example[]; siteProblem: string | null; people?: string[] }>;
  /** The domain's state in this find; none: the person is the domain's only one. */
  heard?: DomainHeard;
  /** Ask only this pattern's spellings, skipping these addresses (a person asked again once the domain's pattern is known). */
  only?: { pattern: string; skip: Set<string> };
}

export interface Found {
  domain: string | null;
  answer: Answer;
  /** How the server answered (for the domain's state; not stored). */
  asked?: { kind: Heard['kind']; rejectedPatterns: string[]; addresses: string[] };
}

/** The domain's pattern as accepted addresses of named people show it (the workspace's, this find's, a team page's). */
function knownPattern(support: PatternSupport[]): string | null {
  const top = support.find((s) => s.weight > 0);
  return top?.named && top.weight >= 1 ? top.pattern : null;
}

/** Whether the domain has shown an address its server accepted (this find, or the workspace's earlier ones). */
function hasAccepted(ctx: FindContext, support: PatternSupport[]): boolean {
  if (ctx.heard?.accepted) return true;
  return support.some((s) => s.named && (s.source === 'workspace' || s.source === 'this_search'));
}

function candidatesOf(name: NameParts, domain: string, support: PatternSupport[], ctx: FindContext) {
  if (ctx.only) {
    const { pattern, skip } = ctx.only;
    return candidatesFor(name, domain, support, Number.POSITIVE_INFINITY).filter(
      (c) => c.pattern === pattern && !skip.has(c.address),
    );
  }
  if (hasAccepted(ctx, support)) return candidatesFor(name, domain, support, MAX_CANDIDATES);
  const all = candidatesFor(name, domain, support, Number.POSITIVE_INFINITY);
  // A person alone at their domain asks every pattern once; the domain's people of a bulk share the
  // patterns between them instead; a domain that rejected everything gets a few.
  const h = ctx.heard;
  const limit =
    h && rejectsEveryGuess(h.rejectedBefore, h.rejected)
      ? AFTER_REJECTS_CANDIDATES
      : h?.alone
        ? ALONE_CANDIDATES
        : DISCOVERY_CANDIDATES;
  return discoveryOrder(
    all,
    h?.rejected ?? new Map(),
    limit,
    Boolean(h?.alone) && limit === ALONE_CANDIDATES,
  );
}

export async function findPerson(person: FindPerson, ctx: FindContext): Promise<Found> {
  const domain = companyDomain(person.company);
  if (!domain) {
    return {
      domain: null,
      answer: notFoundAnswer(`"${person.company}" is not a domain or website (e.g. acme.com).`),
    };
  }
  const name = nameParts(person);
  if (!name)
    return { domain, answer: notFoundAnswer('This name cannot be spelled in the letters an address uses.') };
  const { examples, siteProblem, people = [] } = await ctx.examples(domain);
  const support = patternSupport(examples);
  const candidates = candidatesOf(name, domain, support, ctx);
  if (candidates.length === 0) {
    return { domain, answer: notFoundAnswer('A last name is needed for any pattern but {first}.') };
  }
  // An address the user's own list gives to someone else (John Smith's j.smith@ when looking for Jane
  // Smith) is not asked about: it exists, and it is not hers. One only found for someone else earlier
  // is asked, and if accepted it is ambiguous: the server cannot say whose it is.
  const { owned, claimed } = othersAddresses(examples, name);
  const asked = candidates.filter((c) => !owned.has(c.address));
  const taken = candidates.find((c) => owned.has(c.address));
  let heard = await askServer({ ...asking(ctx), candidates: asked });
  const all = [...asked];
  let initialsNotTheirs = false;
  if (heard.kind === 'accepted' && fitsNamesakes(heard.candidate.pattern)) {
    // a.gonzalez fits every A. Gonzalez, liam@ every Liam: the person's full-name address is asked
    // too, and preferred.
    const pattern = knownPattern(support);
    const full = fullNameCandidates(
      name,
      domain,
      all.slice(0, heard.tried),
      pattern === heard.candidate.pattern ? 1 : 2,
    ).filter((c) => !owned.has(c.address));
    const check = full.length ? await askServer({ ...asking(ctx), candidates: full }) : null;
    all.push(...full);
    if (check?.kind === 'accepted')
      heard = { ...check, rejected: heard.rejected + check.rejected, tried: heard.tried + check.tried };
    else {
      heard = { ...heard, tried: heard.tried + (check?.tried ?? 0) };
      // The address is theirs only where the domain's pattern says so (or nothing says otherwise): a
      // company writing {first}.{last} may well have given liam@ to the Liam who came first. Where
      // nothing is known, holding liam@ back costs more right answers than it saves (decision 0350).
      initialsNotTheirs = pattern !== null && pattern !== heard.candidate.pattern;
    }
  }
  // Even where the domain's pattern makes it (liam@ at a company writing first names), an address that
  // fits another person the workspace knows there, who has none of their own, is not given as theirs.
  const rivals =
    heard.kind === 'accepted' &&
    fitsNamesakes(heard.candidate.pattern) &&
    !claimed.has(heard.candidate.address)
      ? namesakesAt({ examples, people, person: name, ...heard.candidate })
      : [];
  const answer =
    heard.kind === 'accepted' && initialsNotTheirs
      ? initialsAnswer(heard, support, name, knownPattern(support) ?? '')
      : heard.kind === 'accepted' && rivals.length
        ? namesakeAnswer(heard, support, name, rivals)
        : answerOf({ name, domain, candidates: asked, support, heard, others: claimed, siteProblem });
  if (taken && answer.status === 'not_found') {
    answer.evidence.note =
      `${taken.address} would fit, but it is ${owned.get(taken.address)}'s. ${answer.evidence.note ?? ''}`.trim();
  }
  return { domain, answer, asked: askedOf(heard, all) };
}

function askedOf(heard: Heard, all: Candidate[]): Found['asked'] {
  const asked = all.slice(0, heard.tried);
  // Only a person every candidate was rejected for says which patterns the domain does not use.
  const rejectedPatterns = heard.kind === 'all_rejected' ? [...new Set(asked.map((c) => c.pattern))] : [];
  return { kind: heard.kind, rejectedPatterns, addresses: asked.map((c) => c.address) };
}

/** What the prober needs to know of whose asking this is. */
const asking = (ctx: FindContext) => ({
  verifier: ctx.verifier,
  tenant: ctx.tenant,
  workspace: ctx.workspace,
  signal: ctx.signal,
});
