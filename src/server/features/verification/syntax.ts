import { domainToASCII, domainToUnicode } from 'node:url';

export interface ParsedAddress {
  /** Local part as given (quotes kept): local parts are case-sensitive in RFC 5321. */
  local: string;
  /** Lower-cased ASCII (punycode) domain: what DNS and SMTP use. */
  asciiDomain: string;
  /** Lower-cased Unicode domain: what people read. */
  domain: string;
}

// RFC 5322 atext; dots are checked separately so the rule on leading/trailing/double dots reads clearly.
const DOT_ATOM_LOCAL = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
// Quoted string: printable ASCII except " and \ unless escaped by a backslash (quoted-pair).
const QUOTED_LOCAL = /^"(?:[\x20\x21\x23-\x5b\x5d-\x7e]|\\[\x20-\x7e])*"$/;
const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
const TLD = /^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;
// Hot path for plain ASCII domains (most rows): skip the WHATWG IDN conversion.
const NON_ASCII = /[^\u0020-\u007e]/;

/** Splits at the last @ that is not inside a quoted local part. */
function splitAddress(s: string): [string, string] | null {
  if (s.startsWith('"')) {
    // Find the closing quote, honouring backslash escapes.
    for (let i = 1; i < s.length; i++) {
      const c = s[i];
      if (c === '\\') i++;
      else if (c === '"') return s[i + 1] === '@' ? [s.slice(0, i + 1), s.slice(i + 2)] : null;
    }
    return null;
  }
  const at = s.indexOf('@');
  if (at < 0 || at !== s.lastIndexOf('@')) return null;
  return [s.slice(0, at), s.slice(at + 1)];
}

export function normalizeDomain(raw: string): { ascii: string; unicode: string } | null {
  // WHATWG IDN conversion silently drops tabs and newlines: refuse any control character or space first.
  for (let i = 0; i < raw.length; i++)
    if (raw.charCodeAt(i) <= 0x20 || raw.charCodeAt(i) === 0x7f) return null;
  let d = raw.toLowerCase();
  if (d.endsWith('.')) d = d.slice(0, -1); // absolute form "example.com." is the same domain
  if (d.length === 0) return null;
  let ascii = d;
  if (NON_ASCII.test(d)) {
    ascii = domainToASCII(d.normalize('NFC'));
    if (!ascii) return null;
  }
  if (ascii.length > 253) return null;
  const labels = ascii.split('.');
  if (labels.length < 2) return null;
  for (const l of labels) if (!LABEL.test(l)) return null;
  if (!TLD.test(labels[labels.length - 1])) return null;
  return { ascii, unicode: ascii === d ? d : domainToUnicode(ascii) };
}

// Uploads repeat a few thousand domains over many rows: remember their normal forms (bounded).
const domainCache = new Map<string, { ascii: string; unicode: string } | null>();
function cachedDomain(raw: string): { ascii: string; unicode: string } | null {
  let d = domainCache.get(raw);
  if (d === undefined) {
    if (domainCache.size >= 50_000) domainCache.clear();
    d = normalizeDomain(raw);
    domainCache.set(raw, d);
  }
  return d;
}

/**
 * Practical RFC 5321/5322 rules: one @ (outside quotes), local part ≤ 64 octets in dot-atom or
 * quoted form, a domain of valid labels with at least one dot and an alphabetic or IDN TLD.
 * Not accepted on purpose: domain literals ([1.2.3.4]), comments, and non-ASCII local parts
 * (SMTPUTF8 mailboxes are rare and most receiving servers refuse them).
 */
export function parseAddress(input: string): ParsedAddress | null {
  const s = input.trim();
  if (s.length < 3 || s.length > 320) return null;
  const parts = splitAddress(s);
  if (!parts) return null;
  const [local, rawDomain] = parts;
  // VERIFICATION.md: "user@outlook.com." is not a mailbox address. The absolute DNS form is fine for
  // a host name, but RFC 5321 domains have no trailing dot and many mail servers refuse one.
  if (rawDomain.endsWith('.')) return null;
  // Both forms are ASCII-only, so after the pattern check length is the octet count.
  if (local.length === 0 || local.length > 64) return null;
  if (!DOT_ATOM_LOCAL.test(local) && !QUOTED_LOCAL.test(local)) return null;
  const domain = cachedDomain(rawDomain);
  if (!domain) return null;
  // RFC 5321 §4.5.3.1.3: the path is at most 256 octets including the angle brackets.
  if (local.length + 1 + domain.ascii.length > 254) return null;
  return { local, asciiDomain: domain.ascii, domain: domain.unicode };
}
