// Names people choose (usernames, workspace and product names) go into mail we send on their behalf. A
// name like "Security notice: verify at http://evil.example" turned an invitation into phishing, and
// "evil．com" (a fullwidth full stop) slipped past a filter that looked for ".". So a name is first
// normalised (NFKC: the fullwidth and other compatibility forms become their plain characters), then
// reduced to letters, digits, spaces and simple punctuation; schemes and "www." are dropped and the dots
// of anything shaped like a host name are shown as "[.]" (mail clients link bare host names). The result
// is short and on one line.
const MAX = 60;

/** Anything but letters (with their marks), digits, spaces and . , ' & ( ) ! ? _ - is dropped. */
const NOT_PLAIN = /[^\p{L}\p{M}\p{N} .,'&()!?_-]+/gu;

export function mailSafeName(name: string, fallback = 'Someone'): string {
  const plain = name
    .normalize('NFKC')
    .replace(/<[^>]*>?/g, ' ')
    .replace(/\b[a-z][a-z0-9+.-]*:\/*/gi, (m) =>
      /^[a-z]+:\/\//i.test(m) || /^(mailto|javascript|data):/i.test(m) ? ' ' : m,
    )
    .replace(NOT_PLAIN, ' ')
    .replace(/\bwww\./gi, '')
    .replace(/[\p{L}\p{M}\p{N}_-]+(?:\.[\p{L}\p{M}\p{N}_-]+)+/gu, (m) => m.replace(/\./g, '[.]'))
    .replace(/\s+/g, ' ')
    .trim();
  if (!plain) return fallback;
  return plain.length > MAX ? `${plain.slice(0, MAX - 1)}…` : plain;
}
