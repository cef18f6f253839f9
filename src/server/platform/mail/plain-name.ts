// Names people choose (usernames, workspace and product names) go into mail we send on their behalf. A
// name like "Security notice: verify at http://evil.example" turned an invitation into phishing (probe
// finding 1), so in mail a name carries no link and no markup: schemes and "www." are dropped, the dots of
// anything shaped like a host name are shown as "[.]" (mail clients link bare host names), angle
// brackets go, and the result is short and on one line.
const MAX = 60;

export function mailSafeName(name: string, fallback = 'Someone'): string {
  const plain = name
    .replace(/[\r\n\t]+/g, ' ')
    .replace(/<[^>]*>?/g, ' ')
    .replace(/[<>]/g, ' ')
    .replace(/\b[a-z][a-z0-9+.-]*:\/*/gi, (m) =>
      /^[a-z]+:\/\//i.test(m) || /^(mailto|javascript|data):/i.test(m) ? '' : m,
    )
    .replace(/\bwww\./gi, '')
    .replace(/[\p{L}\p{N}_-]+(?:\.[\p{L}\p{N}_-]+)+/gu, (m) => m.replace(/\./g, '[.]'))
    .replace(/\s+/g, ' ')
    .trim();
  if (!plain) return fallback;
  return plain.length > MAX ? `${plain.slice(0, MAX - 1)}…` : plain;
}
