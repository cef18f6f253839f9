import { type FindPerson, nameParts } from '../../../shared/finder';
import { type BudgetHold, UnjudgedError, type Verifier } from '../verification';
import { markCollision } from './answer';
import { companyDomain } from './company-domain';
import type { Example } from './evidence';
import { type Found, findPerson } from './find-person';

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
  examples(domain: string): Promise<{ examples: Example[]; siteProblem: string | null }>;
  /** Each person's answer as soon as it is final (collisions may later change it: see onChange). */
  onFound(index: number, found: Found): Promise<void> | void;
  /** A person's answer changed after it was reported (a later colleague took the same address). */
  onChange?(index: number, found: Found): Promise<void> | void;
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

async function findAtDomain(
  group: { index: number; person: FindPerson }[],
  o: ManyOptions,
  slot: () => Promise<() => void>,
): Promise<void> {
  const learned: Example[] = [];
  const answers = new Map<string, { index: number; name: string; found: Found }>();
  // The workspace's and the website's examples are read once per domain, not once per person.
  let known: ReturnType<ManyOptions['examples']> | null = null;
  const ctx = {
    verifier: o.verifier,
    tenant: o.tenant,
    workspace: o.workspace,
    signal: o.signal,
    examples: async (domain: string) => {
      known ??= o.examples(domain);
      const { examples, siteProblem } = await known;
      return { examples: [...examples, ...learned], siteProblem };
    },
  };
  const one = async (p: { index: number; person: FindPerson }) => {
    if (o.stopped?.()) return;
    const release = await slot();
    let found: Found;
    try {
      if (o.stopped?.()) return;
      found = await findPerson(p.person, ctx);
    } catch (err) {
      // Handed back unjudged (Stop, a spent budget): the person stays unanswered, never "not found".
      if (!(err instanceof UnjudgedError)) throw err;
      if (err.hold) o.onPaused?.(err.hold);
      return;
    } finally {
      release();
    }
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
  const [first, ...rest] = group;
  await one(first);
  await Promise.all(rest.map(one));
}
