export const isSpf = (txt: string) => /^v=spf1(\s|$)/i.test(txt.trim());

export function terms(record: string): string[] {
  return record.trim().split(/\s+/).slice(1);
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
 * Keeping one record and dropping the others would drop the senders they named.
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
  if (include) add(`include:${include}`);
  return ['v=spf1', ...mechanisms, allFail ? '-all' : '~all'].join(' ');
}
