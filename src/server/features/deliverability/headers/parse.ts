// Raw mail headers read as text only (decision 0910): nothing a header names is fetched or resolved.

export interface Header {
  name: string;
  value: string;
}

/** At most this many header fields are read: a message's headers are a few dozen, a paste of a whole mailbox is not. */
const MAX_FIELDS = 1000;

/** The header fields of a pasted message, unfolded, in order (top first); throws a sentence when none. */
export function readHeaders(raw: string): Header[] {
  const text = raw.replace(/\r\n?/g, '\n').replace(/^\s+/, '');
  const head = text.split(/\n\s*\n/, 1)[0] ?? '';
  const out: Header[] = [];
  for (const line of head.split('\n')) {
    if (/^[ \t]/.test(line) && out.length) {
      out[out.length - 1]!.value += ` ${line.trim()}`;
      continue;
    }
    const m = /^([!-9;-~]+):(.*)$/.exec(line);
    if (!m) continue;
    if (out.length >= MAX_FIELDS)
      throw new Error(`More than ${MAX_FIELDS} header fields: paste one message's headers.`);
    out.push({ name: m[1]!.toLowerCase(), value: m[2]!.trim() });
  }
  if (!out.some((h) => ['from', 'received', 'authentication-results', 'dkim-signature'].includes(h.name))) {
    throw new Error(
      'No mail headers found. Open the message you sent to yourself, choose "Show original" (Gmail) or "View message source" (Outlook), and paste the part above the first blank line.',
    );
  }
  return out;
}

export const all = (headers: Header[], name: string) =>
  headers.filter((h) => h.name === name).map((h) => h.value);
export const first = (headers: Header[], name: string) => all(headers, name)[0] ?? null;

/** Removes RFC 5322 comments ("(…)"), nested ones included. */
export function stripComments(value: string): string {
  let out = '';
  let depth = 0;
  for (const ch of value) {
    if (ch === '(') depth++;
    else if (ch === ')' && depth) depth--;
    else if (!depth) out += ch;
  }
  return out;
}

/** The domain of the address in a From/Return-Path value ("Ann <ann@Acme.com>" → "acme.com"). */
export function addressDomain(value: string | null): string | null {
  if (!value) return null;
  const angle = /<([^>]*)>/.exec(value);
  const addr = (angle ? angle[1]! : stripComments(value)).trim();
  const m = /@([a-z0-9.-]+)\s*$/i.exec(addr);
  return m ? m[1]!.toLowerCase().replace(/\.$/, '') : null;
}

export interface AuthResult {
  method: string;
  result: string;
  props: Record<string, string>;
}

/** An Authentication-Results value (RFC 8601): its server and each method's result with its properties. */
export function parseAuthResults(value: string): { server: string; results: AuthResult[] } {
  const [server = '', ...parts] = stripComments(value).split(';');
  const results: AuthResult[] = [];
  for (const part of parts) {
    const tokens = part.trim().split(/\s+/).filter(Boolean);
    const head = /^([a-z0-9-]+)=([a-z0-9-]+)$/i.exec(tokens[0] ?? '');
    if (!head) continue;
    const props: Record<string, string> = {};
    for (const t of tokens.slice(1)) {
      const p = /^([a-z0-9-]+\.[a-z0-9-]+)=(.+)$/i.exec(t);
      if (p) props[p[1]!.toLowerCase()] = p[2]!.replace(/^"|"$/g, '');
    }
    results.push({ method: head[1]!.toLowerCase(), result: head[2]!.toLowerCase(), props });
  }
  return { server: server.trim().split(/\s+/)[0] ?? '', results };
}

/** A DKIM-Signature's tags (d=, s=, h=). */
export function signatureTags(value: string): Map<string, string> {
  const tags = new Map<string, string>();
  for (const part of value.split(';')) {
    const i = part.indexOf('=');
    if (i > 0) tags.set(part.slice(0, i).trim().toLowerCase(), part.slice(i + 1).replace(/\s+/g, ''));
  }
  return tags;
}

/** A Received header's hop: from whom, by whom, and whether it says TLS was used (null: it does not say). */
export function readHop(value: string): { from: string | null; by: string | null; tls: boolean | null } {
  const from = /\bfrom\s+([^\s;()]+)/i.exec(value)?.[1] ?? null;
  const by = /\bby\s+([^\s;()]+)/i.exec(value)?.[1] ?? null;
  const proto = /\bwith\s+([a-z0-9]+)/i.exec(stripComments(value))?.[1]?.toUpperCase() ?? null;
  let tls: boolean | null = null;
  // A hop with no "from" is a hand-off inside the receiver (Gmail's first "by 2002:… with SMTP"): not judged.
  if (!from) return { from, by, tls };
  if (/version=TLS|\bTLSv?1[._]?[0-3]|using TLS|cipher=/i.test(value)) tls = true;
  else if (proto && /^(E?SMTPS|ESMTPSA|UTF8SMTPS|LMTPS)$/.test(proto)) tls = true;
  else if (proto && /^(E?SMTP|ESMTPA|UTF8SMTP)$/.test(proto)) tls = false;
  return { from, by, tls };
}
