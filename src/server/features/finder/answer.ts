import type { FindEvidence, FindStatus, NameParts, PatternSource } from '../../../shared/finder';
import { patternById } from '../../../shared/finder';
import type { Heard } from './ask';
import type { Candidate } from './candidates';
import type { PatternSupport } from './evidence';

// Turning what the server said into the answer a user reads: the address, its status, a score and the
// evidence. Only an accepted candidate on a server that rejects made-up addresses is `valid`; on a
// catch-all server the best-supported candidate is `accept_all`, scored by its evidence, never valid.

export interface Answer {
  email: string | null;
  status: FindStatus;
  score: number;
  pattern: string | null;
  evidence: FindEvidence;
}

/** The evidence of an answer no server was asked for: no reply, no example, only why (`note`). */
export const noEvidence = (note: string | null): FindEvidence => ({
  smtpCode: null,
  smtpMessage: null,
  rejected: 0,
  tried: 0,
  source: 'common',
  examples: [],
  note,
});

/** No address, and why (the company is not a domain, the name cannot be spelled, the server rejects all). */
export const notFoundAnswer = (note: string): Answer => ({
  email: null,
  status: 'not_found',
  score: 0,
  pattern: null,
  evidence: noEvidence(note),
});

/** The score of a guess the server could not confirm, from what supports its pattern. */
export function guessScore(best: Candidate, support: PatternSupport[]): number {
  const s = support.find((x) => x.pattern === best.pattern);
  if (s && s.weight > 0) {
    const base = s.named ? (s.source === 'website' ? 80 : 85) : 60;
    return Math.min(90, base + Math.round(Math.min(3, s.weight) * 2));
  }
  const prior = patternById(best.pattern)?.prior ?? 0;
  return Math.round(25 + prior * 70);
}

function sourceOf(
  c: Candidate | undefined,
  support: PatternSupport[],
): { source: PatternSource; examples: string[] } {
  const s = c && support.find((x) => x.pattern === c.pattern && x.weight > 0);
  return s ? { source: s.source, examples: s.examples } : { source: 'common', examples: [] };
}

export function answerOf(opts: {
  name: NameParts;
  domain: string;
  candidates: Candidate[];
  support: PatternSupport[];
  heard: Heard;
  /** Addresses at the domain known to belong to someone else (owner's name). */
  others: Map<string, string>;
  siteProblem: string | null;
}): Answer {
  const { heard, candidates, support } = opts;
  const reply = heard.reply;
  const base = {
    smtpCode: reply?.smtpCode ?? null,
    smtpMessage: reply?.smtpMessage ?? null,
    rejected: 'rejected' in heard ? heard.rejected : 0,
    tried: heard.tried,
    note: null as string | null,
  };
  const guess = (status: FindStatus, best: Candidate, note: string | null, minus = 0): Answer => ({
    email: best.address,
    status,
    score: Math.max(1, guessScore(best, support) - minus),
    pattern: best.pattern,
    evidence: { ...base, ...sourceOf(best, support), note },
  });
  switch (heard.kind) {
    case 'accepted': {
      const owner = opts.others.get(heard.candidate.address);
      if (owner) return ambiguous(heard.candidate, owner, { ...base, ...sourceOf(heard.candidate, support) });
      return {
        email: heard.candidate.address,
        status: 'valid',
        score: heard.rejected === 0 && heard.candidate.support > 0 ? 99 : 95,
        pattern: heard.candidate.pattern,
        evidence: { ...base, ...sourceOf(heard.candidate, support), note: null },
      };
    }
    case 'catch_all': {
      const best = candidates.find((c) => !opts.others.has(c.address)) ?? candidates[0];
      const note = `${opts.domain}'s mail server accepts any address, so this is the best-supported guess, not a confirmed mailbox.`;
      return guess(
        'accept_all',
        best,
        opts.siteProblem && best.support === 0 ? `${note} ${opts.siteProblem}.` : note,
      );
    }
    case 'silent': {
      const best = candidates[0];
      return guess(
        'unknown',
        best,
        `${opts.domain}'s mail server would not say whether the mailbox exists (${heard.reply.reason.replace(/_/g, ' ')}).`,
        20,
      );
    }
    case 'no_mail':
      return notFound(base, `${opts.domain} accepts no mail (${heard.reply.reason.replace(/_/g, ' ')}).`);
    case 'all_rejected':
      return notFound(base, `${opts.domain}'s mail server rejected every likely address.`);
  }
}

function notFound(base: Omit<FindEvidence, 'source' | 'examples'>, note: string): Answer {
  return {
    email: null,
    status: 'not_found',
    score: 0,
    pattern: null,
    evidence: { ...base, source: 'common', examples: [], note },
  };
}

function ambiguous(c: Candidate, owner: string, evidence: FindEvidence): Answer {
  return {
    email: c.address,
    status: 'ambiguous',
    score: 30,
    pattern: c.pattern,
    evidence: { ...evidence, note: `${c.address} fits ${owner} as well, so it is not given to either.` },
  };
}

/** An accepted address that may be another person's: `ambiguous`, with the server's answer and why. */
function heardButAmbiguous(
  heard: Extract<Heard, { kind: 'accepted' }>,
  support: PatternSupport[],
  note: string,
): Answer {
  const c = heard.candidate;
  return {
    email: c.address,
    status: 'ambiguous',
    score: 30,
    pattern: c.pattern,
    evidence: {
      smtpCode: heard.reply.smtpCode ?? null,
      smtpMessage: heard.reply.smtpMessage ?? null,
      rejected: heard.rejected,
      tried: heard.tried,
      ...sourceOf(c, support),
      note,
    },
  };
}

/**
 * An address made of initials (a.gonzalez) or one name alone (liam@) that the server accepts, at a domain
 * whose pattern says the person's own address would be another one, which the server rejected: it may
 * well be a namesake's.
 */
export function initialsAnswer(
  heard: Extract<Heard, { kind: 'accepted' }>,
  support: PatternSupport[],
  name: NameParts,
  /** The domain's known pattern. */
  known: string,
): Answer {
  const c = heard.candidate;
  const local = c.address.slice(0, c.address.indexOf('@'));
  const oneName = c.pattern === '{first}' || c.pattern === '{last}';
  const who = oneName
    ? `everyone called ${c.pattern === '{first}' ? name.first[0] : name.last[0]}`
    : `everyone with ${name.display}'s initials`;
  const why = `this domain's addresses follow another pattern (${known}), which the server rejected for ${name.display}`;
  return heardButAmbiguous(heard, support, `${local}@ fits ${who}, and ${why}: it may be a namesake's.`);
}

/**
 * An address of one name or initials (liam@) that the server accepts, at a domain where the workspace
 * knows another person it fits (another Liam) with no address of their own there: SMTP cannot say whose
 * it is, and a company gives a first name to the one who came first.
 */
export function namesakeAnswer(
  heard: Extract<Heard, { kind: 'accepted' }>,
  support: PatternSupport[],
  name: NameParts,
  rivals: string[],
): Answer {
  const c = heard.candidate;
  const at = c.address.indexOf('@');
  const [firstWord, ...rest] = name.display.split(' ');
  const who =
    c.pattern === '{first}'
      ? `every ${firstWord}`
      : c.pattern === '{last}'
        ? `everyone called ${rest.join(' ') || firstWord}`
        : `everyone with ${name.display}'s initials`;
  const shown = rivals.slice(0, 3).join(', ') + (rivals.length > 3 ? ` and ${rivals.length - 3} more` : '');
  return heardButAmbiguous(
    heard,
    support,
    `${c.address.slice(0, at)}@ fits ${who} at ${c.address.slice(at + 1)} (${shown} too), and the server cannot say whose it is: nothing ties it to ${name.display}.`,
  );
}

/** Two people of one search who got the same address: neither keeps it as theirs. */
export function markCollision(a: Answer, otherName: string): Answer {
  if (!a.email) return a;
  return ambiguous({ address: a.email, pattern: a.pattern ?? '', support: 0 }, otherName, a.evidence);
}
