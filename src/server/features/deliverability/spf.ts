import type { DomainResolver } from './resolver';

/** RFC 7208 §4.6.4: evaluating a record may cause at most 10 DNS look-ups. */
export const SPF_LOOKUP_LIMIT = 10;

export const isSpf = (txt: string) => /^v=spf1(\s|$)/i.test(txt.trim());

export function terms(record: string): string[] {
  return record.trim().split(/\s+/).slice(1);
}

/** Does the record (or a record it includes, one level down) name `include`? */
export function namesInclude(record: string, include: string): boolean {
  const want = include.toLowerCase();
  return terms(record).some((t) => {
    const m = /^[+~?-]?(include:|redirect=)(.+)$/i.exec(t);
    return m !== null && m[2]!.toLowerCase() === want;
  });
}

/** The `all` term's qualifier: '-' (fail), '~' (softfail), '?' (neutral), '+' (pass) or null. */
export function allQualifier(record: string): string | null {
  for (const t of terms(record)) {
    const m = /^([+~?-]?)all$/i.exec(t);
    if (m) return m[1] || '+';
  }
  return null;
}

/** The record with `include:<x>` put before its `all` (or `redirect`), as a user would fix it. */
export function withInclude(record: string, include: string): string {
  const parts = record.trim().split(/\s+/);
  const at = parts.findIndex((t, i) => i > 0 && /^([+~?-]?all|redirect=.*)$/i.test(t));
  parts.splice(at === -1 ? parts.length : at, 0, `include:${include}`);
  return parts.join(' ');
}

/**
 * Two or more SPF records are one permanent error (RFC 7208 §4.5): the fix is one record holding every
 * mechanism of them all, in order and once each, with the provider's include (a `redirect=` becomes an
 * include, since a merged record has its own `all`), ending in `~all` unless every record said `-all`.
 * Keeping one record and dropping the others would drop the senders they named (issue 45).
 */
export function mergeSpf(records: string[], include: string | null): string {
  const mechanisms: string[] = [];
  const seen = new Set<string>();
  const add = (t: string) => {
    const key = t.toLowerCase().replace(/^\+/, '');
    if (!seen.has(key)) {
      seen.add(key);
      mechanisms.push(t.replace(/^\+/, ''));
    }
  };
  let allFail = true;
  for (const record of records) {
    for (const t of terms(record)) {
      const all = /^([+~?-]?)all$/i.exec(t);
      if (all) {
        if (all[1] !== '-') allFail = false;
        continue;
      }
      const redirect = /^redirect=(.+)$/i.exec(t);
      if (redirect) add(`include:${redirect[1]}`);
      else if (!/^exp=/i.test(t)) add(t);
    }
    if (allQualifier(record) === null) allFail = false;
  }
  if (include && !seen.has(`include:${include.toLowerCase()}`)) add(`include:${include}`);
  return ['v=spf1', ...mechanisms, allFail ? '-all' : '~all'].join(' ');
}

/**
 * The DNS look-ups evaluating `record` costs (include, a, mx, ptr, exists, redirect), counted through
 * its includes and redirects. Stops counting past the limit; a loop counts as over it.
 */
export async function countLookups(
  resolver: DomainResolver,
  record: string,
  seen: Set<string> = new Set(),
): Promise<number> {
  let count = 0;
  for (const t of terms(record)) {
    const m = /^[+~?-]?(include:|redirect=|a\b|mx\b|ptr\b|exists:)(.*)$/i.exec(t);
    if (!m) continue;
    count++;
    const kind = m[1]!.toLowerCase();
    if (kind !== 'include:' && kind !== 'redirect=') continue;
    const target = m[2]!.toLowerCase();
    if (seen.has(target)) return SPF_LOOKUP_LIMIT + 1;
    seen.add(target);
    const answer = await resolver.txt(target);
    const inner = answer.ok ? answer.records.find(isSpf) : undefined;
    if (inner) count += await countLookups(resolver, inner, seen);
    if (count > SPF_LOOKUP_LIMIT) return count;
  }
  return count;
}
