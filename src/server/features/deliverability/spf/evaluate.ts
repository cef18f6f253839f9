import type { SpfNode } from '../../../../shared/deliverability';
import type { DomainResolver } from '../resolver';
import { isSpf, terms } from './record';

// SPF as a receiver evaluates it (RFC 7208 §4.6.4, §5; decision 0910): the record's terms walked as a
// tree, include and redirect followed, each term that makes the receiver ask DNS counted. More than 10
// such look-ups, or more than 2 that find nothing (void look-ups), is a permanent error: the receiver
// stops and the mail fails SPF everywhere, so it fails here too. `ptr` is deprecated (§5.5); a term with
// a macro (%{i}, %{s}) depends on each message, so it is counted and not resolved.

export const SPF_LOOKUP_LIMIT = 10;
export const SPF_VOID_LIMIT = 2;
/** An MX mechanism may name at most 10 mail hosts (§4.6.4). */
const MX_HOST_LIMIT = 10;
/** Names walked at most: a tree past the limit stops being resolved, but is never unbounded. */
const MAX_NAMES = 40;

export interface SpfEvaluation {
  tree: SpfNode[];
  lookups: number;
  voids: number;
  /** Permanent errors, in words (a receiver's "permerror"). */
  errors: string[];
  /** Deprecated or doubtful terms, in words. */
  warnings: string[];
  /** Every include and redirect target met in the tree (lower case). */
  includes: Set<string>;
}

const MECHANISM = /^([+~?-]?)(all|include|a|mx|ptr|ip4|ip6|exists)(?::(.*?))?(\/\d+)?(\/\/\d+)?$/i;
const MODIFIER = /^([a-z][a-z0-9_.-]*)=(.*)$/i;
const hasMacro = (s: string) => /%\{/.test(s);

/** Evaluates the SPF record `record` of `domain` (already fetched), resolving what the receiver would. */
export async function evaluateSpf(
  resolver: DomainResolver,
  domain: string,
  record: string,
): Promise<SpfEvaluation> {
  const out: SpfEvaluation = {
    tree: [],
    lookups: 0,
    voids: 0,
    errors: [],
    warnings: [],
    includes: new Set(),
  };
  const seen = new Set([domain.toLowerCase()]);
  out.tree.push({ depth: 0, term: record, lookups: 0, result: 'ok', note: domain });
  await walk({ resolver, out, seen, record, domain, depth: 1 });
  return out;
}

interface Walk {
  resolver: DomainResolver;
  out: SpfEvaluation;
  seen: Set<string>;
  record: string;
  domain: string;
  depth: number;
}

const over = (out: SpfEvaluation) => out.lookups > SPF_LOOKUP_LIMIT || out.voids > SPF_VOID_LIMIT;

async function walk(w: Walk): Promise<void> {
  const { out } = w;
  const all = terms(w.record).some((t) => /^[+~?-]?all$/i.test(t));
  for (const term of terms(w.record)) {
    const node: SpfNode = { depth: w.depth, term, lookups: 0, result: 'ok', note: null };
    out.tree.push(node);
    const mech = MECHANISM.exec(term);
    const mod = mech ? null : MODIFIER.exec(term);
    if (!mech && !mod) {
      node.result = 'error';
      node.note = 'Not an SPF term: receivers stop here (permanent error).';
      out.errors.push(`"${term}" is not an SPF term.`);
      continue;
    }
    const kind = (mech ? mech[2] : mod![1])!.toLowerCase();
    const target = ((mech ? mech[3] : mod![2]) || w.domain).toLowerCase();
    if (mod && kind !== 'redirect') continue;
    if (mod && all) {
      node.note = 'Ignored: the record has an "all" term.';
      continue;
    }
    if (!['include', 'a', 'mx', 'ptr', 'exists', 'redirect'].includes(kind)) continue;
    node.lookups = 1;
    out.lookups++;
    if (over(out)) {
      node.result = 'error';
      node.note = `Look-up ${out.lookups}: past the limit of ${SPF_LOOKUP_LIMIT}, receivers stop (permanent error).`;
      if (out.lookups === SPF_LOOKUP_LIMIT + 1)
        out.errors.push(`More than ${SPF_LOOKUP_LIMIT} DNS look-ups.`);
      continue;
    }
    if (kind === 'ptr') {
      node.result = 'warn';
      node.note = 'Deprecated (RFC 7208 §5.5): slow, unreliable, and some receivers ignore it.';
      out.warnings.push('"ptr" is deprecated.');
      continue;
    }
    if (hasMacro(target)) {
      node.result = 'warn';
      node.note = 'Has a macro: resolved for each message, counted as one look-up.';
      continue;
    }
    if (kind === 'include' || kind === 'redirect') await follow(w, node, kind, target);
    else if (kind === 'a' || kind === 'exists') await countVoid(w, node, await w.resolver.a(target));
    else await mx(w, node, target);
  }
}

async function countVoid(w: Walk, node: SpfNode, a: { ok: boolean; none?: boolean }): Promise<boolean> {
  if (a.ok) return true;
  if (a.none) {
    w.out.voids++;
    node.result = w.out.voids > SPF_VOID_LIMIT ? 'error' : 'void';
    node.note = `No answer (void look-up ${w.out.voids} of ${SPF_VOID_LIMIT} allowed).`;
    if (w.out.voids === SPF_VOID_LIMIT + 1)
      w.out.errors.push(`More than ${SPF_VOID_LIMIT} look-ups found nothing (void look-ups).`);
  } else {
    node.result = 'warn';
    node.note = 'The resolver did not answer (a temporary error at receivers too).';
  }
  return false;
}

async function mx(w: Walk, node: SpfNode, target: string) {
  const a = await w.resolver.mx(target);
  if (!(await countVoid(w, node, a)) || !a.ok) return;
  const hosts = a.records.filter((r) => r.exchange && r.exchange !== '.');
  if (hosts.length > MX_HOST_LIMIT) {
    node.result = 'error';
    node.note = `${hosts.length} mail hosts: more than ${MX_HOST_LIMIT} is a permanent error.`;
    w.out.errors.push(`"${node.term}" names more than ${MX_HOST_LIMIT} mail hosts.`);
    return;
  }
  node.note = `${hosts.length} mail host${hosts.length === 1 ? '' : 's'}: ${hosts.map((h) => h.exchange).join(', ')}`;
}

async function follow(w: Walk, node: SpfNode, kind: string, target: string) {
  const { out } = w;
  out.includes.add(target);
  if (w.seen.has(target)) {
    node.result = 'error';
    node.note = 'Names a record already in the tree: a loop (permanent error).';
    out.errors.push(`${target} is included in a loop.`);
    return;
  }
  w.seen.add(target);
  if (w.seen.size > MAX_NAMES) return;
  const a = await w.resolver.txt(target);
  if (!a.ok && !a.none) {
    node.result = 'warn';
    node.note = `Could not look up ${target} (${a.code}).`;
    return;
  }
  const records = a.ok ? a.records.filter(isSpf) : [];
  if (records.length !== 1) {
    if (!records.length) await countVoid(w, node, a);
    node.result = 'error';
    node.note = records.length
      ? `${target} has ${records.length} SPF records (permanent error).`
      : `${target} has no SPF record: ${kind === 'include' ? 'an include' : 'a redirect'} of it is a permanent error.`;
    out.errors.push(node.note);
    return;
  }
  node.note = records[0]!;
  await walk({ ...w, record: records[0]!, domain: target, depth: w.depth + 1 });
}
