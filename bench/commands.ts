// Commands per verified address: what the fake servers received, counted per verb from their logs.

/** Every command the fakes received, per verb (the line's first word). */
export function countVerbs(lines: string[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const line of lines) {
    const verb = /^[A-Za-z]+/.exec(line)?.[0].toUpperCase() ?? '?';
    out[verb] = (out[verb] ?? 0) + 1;
  }
  return out;
}

/** "4.21 per row (EHLO 0.50, MAIL 0.50, RCPT 1.40, …)": commands the fakes received per row. */
export function describeCommands(verbs: Record<string, number>, rows: number): string {
  const total = Object.values(verbs).reduce((a, b) => a + b, 0);
  const order = ['EHLO', 'HELO', 'STARTTLS', 'MAIL', 'RCPT', 'RSET', 'NOOP', 'QUIT'];
  const keys = [...order.filter((k) => verbs[k]), ...Object.keys(verbs).filter((k) => !order.includes(k))];
  const each = keys.map((k) => `${k} ${verbs[k]}`).join(', ');
  return `${total} commands, ${(total / rows).toFixed(2)} per row (${each})`;
}
