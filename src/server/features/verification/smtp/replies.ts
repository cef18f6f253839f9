/** One SMTP reply, multi-line ones joined (RFC 5321 §4.2), with its enhanced code (RFC 3463). */
export interface SmtpReply {
  code: number;
  /** "5.1.1" when the server gives one. */
  enhanced: string | null;
  /** Lines without the code and separator; the enhanced code stays in the text. */
  lines: string[];
  /** Lines joined by a space, what people read. */
  text: string;
}

const LINE = /^(\d{3})([ -])?(.*)$/;
const ENHANCED = /^([245])\.(\d{1,3})\.(\d{1,3})(?=\s|$)/;

/**
 * Incremental reply reader: feed it lines, it yields complete replies. A line "250-..." continues,
 * "250 ..." (or a bare "250") ends the reply.
 */
export class ReplyParser {
  private pending: string[] = [];
  private pendingCode = 0;

  /** Returns a reply when `line` completes one, null otherwise; throws on garbage. */
  push(line: string): SmtpReply | null {
    const m = LINE.exec(line);
    if (!m) throw new Error(`Malformed SMTP reply line: ${line.slice(0, 80)}`);
    const code = Number(m[1]);
    if (this.pending.length > 0 && code !== this.pendingCode) {
      throw new Error(`SMTP reply code changed inside a multi-line reply: ${line.slice(0, 80)}`);
    }
    this.pendingCode = code;
    this.pending.push(m[3].trim());
    if (m[2] === '-') return null;
    const lines = this.pending;
    this.pending = [];
    return makeReply(code, lines);
  }
}

export function makeReply(code: number, lines: string[]): SmtpReply {
  const enhanced = ENHANCED.exec(lines[0] ?? '');
  return {
    code,
    enhanced: enhanced ? `${enhanced[1]}.${enhanced[2]}.${enhanced[3]}` : null,
    lines,
    text: lines.join(' ').trim(),
  };
}

const RETRY =
  /(?:try|retry|come back|again)\D{0,30}?(\d{1,6})\s*(s\b|secs?\b|seconds?|m\b|mins?\b|minutes?)/i;

/** Seconds the server asks us to wait ("try again in 60 seconds", "retry in 5 minutes"), if said. */
export function retryAfterSeconds(text: string): number | null {
  const m = RETRY.exec(text);
  if (!m) return null;
  const n = Number(m[1]);
  return m[2].toLowerCase().startsWith('m') ? n * 60 : n;
}

/** ESMTP keywords from an EHLO reply (first line is the greeting). */
export function ehloKeywords(reply: SmtpReply): Set<string> {
  return new Set(reply.lines.slice(1).map((l) => l.split(/\s+/)[0].toUpperCase()));
}

export function describe(reply: SmtpReply): string {
  return `${reply.code} ${reply.text}`.trim();
}
