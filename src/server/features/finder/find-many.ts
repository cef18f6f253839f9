import { type FindPerson, nameParts } from '../../../shared/finder';
import { type BudgetHold, UnjudgedError, type Verifier } from '../verification';
import { markCollision, notFoundAnswer } from './answer';
import { rejectsEveryGuess } from './candidates';
import { companyDomain } from './company-domain';
import type { DiscoveryStore } from './discovery';
import type { Example } from './evidence';
import { type DomainHeard, type FindContext, type Found, findPerson } from './find-person';

// Many people at once (a bulk find): grouped by domain, the first person of each domain is asked
// alone, and what the server confirmed for them (a colleague's address and name) orders the
// candidates of everyone after them at that domain. Domains run side by side under one limit; at each
// mail server the prober keeps its own cap and error budget. Two people who got the same address
// both lose it (ambiguous), since the server cannot tell whose it is.

export interface ManyOptions {
  verifier: Verifier;
  tenant: string;
  /** Whose probe budget pays (decision 0860). */
  workspace?: string;
  /** Stop: what the prober still holds of this find is withdrawn. */
  signal?: AbortSignal;
  /** The workspace's probe budget is spent: the people not answered stay unanswered, for later. */
  onPaused?(hold: BudgetHold): void;
  /** People asked at once across domains. */
  concurrency: number;
  /** The workspace's and the website's examples at a domain (this search's are added here). */
  examples(domain: string): Promise<{ examples: Example[]; siteProblem: string | null; people?: string[] }>;
  /** Each person's answer as soon as it is final (collisions may later change it: see onChange). */
  onFound(index: number, found: Found): Promise<void> | void;
  /** A person's answer changed after it was reported (a later colleague took the same address). */
  onChange?(index: number, found: Found): Promise<void> | void;
  /** The workspace's discovery of each domain's pattern, kept between finds (none: this find's only). */
  discovery?: DiscoveryStore;
  /** Asked before each person starts: true stops the run (the user pressed Stop). */
  stopped?(): boolean;
}

export async function findMany(
  people: { index: number; person: FindPerson }[],
  o: ManyOptions,
): Promise<void> {
  const byDomain = new Map<string, { index: number; person: FindPerson }[]>();
  for (const p of people) {
    const key = companyDomain(p.person.company) ?? `?${p.index}`;
    byDomain.set(key, [...(byDomain.get(key) ?? []), p]);
  }
  let running = 0;
  const waiters: (() => void)[] = [];
  const slot = async () => {
    while (running >= o.concurrency) await new Promise<void>((r) => waiters.push(r));
    running++;
    return () => {
      running--;
      waiters.shift()?.();
    };
  };
  await Promise.all([...byDomain.values()].map((group) => findAtDomain(group, o, slot)));
}

type Person = { index: number; person: FindPerson };

async function findAtDomain(group: Person[], o: ManyOptions, slot: () => Promise<() => void>): Promise<void> {
  const learned: Example[] = [];
  const answers = new Map<string, { index: number; name: string; found: Found }>();
  const domain = companyDomain(group[0].person.company);
  const stored = domain && o.discovery ? await o.discovery.load(domain) : null;
  const heard: DomainHeard = {
    accepted: false,
    rejected: new Map(stored?.rejected),
    rejectedBefore: stored?.rejectedInARow ?? 0,
    alone: group.length === 1,
  };
  // The workspace's and the website's examples are read once per domain, not once per person.
  let known: ReturnType<ManyOptions['examples']> | null = null;
  const examples = async (domain: string) => {
    known ??= o.examples(domain);
    const { examples, siteProblem, people } = await known;
    return { examples: [...examples, ...learned], siteProblem, people };
  };
  const ask = async (p: Person, only?: FindContext['only']): Promise<Found | null> => {
    if (o.stopped?.()) return null;
    const release = await slot();
    try {
      if (o.stopped?.()) return null;
      const { verifier, tenant, workspace, signal } = o;
      return await findPerson(p.person, { verifier, tenant, workspace, signal, examples, heard, only });
    } catch (err) {
      // Handed back unjudged (Stop, a spent budget): the person stays unanswered, never "not found".
      if (!(err instanceof UnjudgedError)) throw err;
      if (err.hold) o.onPaused?.(err.hold);
      return null;
    } finally {
      release();
    }
  };
  const settle = async (p: Person, given: Found) => {
    let found = given;
    const name = nameParts(p.person)?.display ?? '';
    const a = found.answer;
    if (a.status === 'valid' && a.email)
      learned.push({ address: a.email, names: [name], source: 'this_search' });
    const twin = a.email && a.status !== 'not_found' ? answers.get(a.email) : undefined;
    if (twin && twin.name.toLowerCase() !== name.toLowerCase()) {
      found = { ...found, answer: markCollision(a, twin.name) };
      const changed = { ...twin.found, answer: markCollision(twin.found.answer, name) };
      twin.found = changed;
      await o.onChange?.(twin.index, changed);
    } else if (a.email && (a.status === 'valid' || a.status === 'accept_all')) {
      answers.set(a.email, { index: p.index, name, found });
    }
    await o.onFound(p.index, found);
  };

  // The domain's first people one at a time, until its server accepts an address: each tries the
  // patterns the ones before did not, so the pattern is discovered within a few people at a bounded
  // cost each. Those every candidate was rejected for wait to be asked the discovered pattern.
  const waiting: { p: Person; found: Found }[] = [];
  let streak = 0;
  let next = 0;
  let pattern: string | null = null;
  while (next < group.length && !heard.accepted && !rejectsEveryGuess(streak, heard.rejected)) {
    const p = group[next++];
    // The domain's last person here has no colleague after them to go on discovering: they ask every
    // pattern, as a single find does (two people at an {f}{l} company would otherwise miss it).
    heard.alone = next === group.length;
    const found = await ask(p);
    if (!found) return;
    const kind = found.asked?.kind;
    if (kind === 'accepted' || kind === 'catch_all') heard.accepted = true;
    if (kind === 'accepted' && found.answer.status === 'valid') pattern = found.answer.pattern;
    if (kind === 'all_rejected') {
      streak++;
      for (const r of found.asked?.rejectedPatterns ?? [])
        heard.rejected.set(r, (heard.rejected.get(r) ?? 0) + 1);
      waiting.push({ p, found });
    } else await settle(p, found);
  }
  if (domain && o.discovery && next > 0 && (stored || !heard.accepted)) {
    const rejectedInARow = heard.accepted ? 0 : heard.rejectedBefore + streak;
    await o.discovery.save(domain, { rejected: heard.accepted ? new Map() : heard.rejected, rejectedInARow });
  }
  if (!heard.accepted && rejectsEveryGuess(streak, heard.rejected)) {
    for (const w of waiting) await settle(w.p, rejectedEverything(w.found));
    for (const p of group.slice(next)) if (!o.stopped?.()) await settle(p, rejectedEverything(null, p));
    return;
  }
  for (const w of waiting) {
    if (!pattern) {
      await settle(w.p, w.found);
      continue;
    }
    const again = await ask(w.p, { pattern, skip: new Set(w.found.asked?.addresses) });
    // Not asked again (Stop, a spent budget): left unanswered for the find's next turn.
    if (!again) continue;
    await settle(w.p, again.answer.email ? withEarlierTries(again, w.found) : w.found);
  }
  await Promise.all(
    group.slice(next).map(async (p) => {
      const found = await ask(p);
      if (found) await settle(p, found);
    }),
  );
}

/** A person asked again once the domain's pattern was known: the evidence counts both askings. */
function withEarlierTries(again: Found, first: Found): Found {
  const e = again.answer.evidence;
  const before = first.answer.evidence;
  return {
    ...again,
    answer: {
      ...again.answer,
      evidence: { ...e, tried: e.tried + before.tried, rejected: e.rejected + before.rejected },
    },
  };
}

const REJECTS_NOTE = (domain: string) =>
  `Not found: ${domain}'s mail server rejects every guess (every address of the first people asked); it is not asked further in this find. Find again to ask it again.`;

/** A person at a domain that rejected every candidate of several people in a row: not asked, or no further. */
function rejectedEverything(found: Found | null, p?: Person): Found {
  if (found)
    return {
      ...found,
      answer: {
        ...found.answer,
        evidence: { ...found.answer.evidence, note: REJECTS_NOTE(found.domain ?? '') },
      },
    };
  const domain = companyDomain(p?.person.company ?? '') ?? '';
  return { domain, answer: notFoundAnswer(REJECTS_NOTE(domain)) };
}
