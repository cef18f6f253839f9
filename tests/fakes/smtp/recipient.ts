import { GMAIL_RATE, GMAIL_UNKNOWN } from './replies';
import { EXIM_BAD_RCPT, eximDenies, KARMA_DENY, POSTGREY_DEFAULT_S, postgreyReply } from './rules';
import type { FakeSession } from './session';

/**
 * The answer to one RCPT TO, in the order a real server's checks run: a dropped connection, the
 * anti-abuse rules (Exim's bad recipients, Haraka's karma), STARTTLS required, the recipient limit,
 * one domain per transaction, the rate limit, greylisting (postgrey's words or a delay named), then
 * the mailbox itself.
 */
export function rcpt(s: FakeSession, line: string) {
  const address = line
    .replace(/^RCPT TO:\s*<?/i, '')
    .replace(/>.*$/, '')
    .toLowerCase();
  s.stats.rcpts.push(address);
  s.rcptCount++;
  const o = s.o;
  if (o.dropAtRcpt && s.rcptCount === o.dropAtRcpt && s.shared.connNo <= (o.dropConnections ?? Infinity)) {
    s.socket.destroy();
    return;
  }
  if (!s.from) return s.reply('503 5.5.1 MAIL first');
  s.msgRcpts++;
  const free = typeof o.eximBadRcpt === 'object' ? o.eximBadRcpt.after : 10;
  if (o.eximBadRcpt && eximDenies(s.msgRcpts, s.msgAccepted, free)) {
    s.stats.eximRejects.push('REJECT [127.0.0.1]: bad recipient count high');
    return s.reply(EXIM_BAD_RCPT);
  }
  if (o.karma?.denyAt !== undefined && s.karma <= o.karma.denyAt) return s.reply(KARMA_DENY(s.karma));
  if (o.tlsRequired === 'rcpt' && !s.tls) {
    return s.reply('530 5.7.0 Must issue a STARTTLS command first');
  }
  if (o.maxRcptPerSession !== undefined && s.rcptCount > o.maxRcptPerSession) {
    return s.reply(o.maxRcptReply ?? '452 4.5.3 Too many recipients');
  }
  const domain = address.slice(address.lastIndexOf('@') + 1);
  if (o.singleDomainPerTransaction && s.rcptDomain !== '' && domain !== s.rcptDomain) {
    return s.reply(
      '452 4.5.0 Multiple destination domains per transaction is unsupported. Please try again.',
    );
  }
  s.rcptDomain ||= domain;
  if (o.rateLimit) {
    const now = Date.now();
    const times = s.shared.rcptTimes;
    while (times.length > 0 && times[0] <= now - o.rateLimit.windowMs) times.shift();
    if (times.length >= o.rateLimit.rcpts) {
      s.stats.rateLimited++;
      const reply = o.rateLimit.reply ?? GMAIL_RATE;
      // 421: the server closes the session (RFC 5321 §3.8) and reads nothing more from it.
      if (reply.startsWith('421')) return s.closeWith(reply);
      return s.reply(reply);
    }
    times.push(now);
  }
  if (o.greylistS !== undefined || o.greylistForever || o.postgrey) {
    const key = `${s.from} ${address}`;
    const first = s.shared.greylist.get(key);
    const now = Date.now();
    const delayS = o.greylistS ?? (o.postgrey ? POSTGREY_DEFAULT_S : 0);
    if (first === undefined) s.shared.greylist.set(key, now);
    if (o.greylistForever || first === undefined || now - first < delayS * 1000) {
      if (o.postgrey) return s.reply(postgreyReply(address));
      return s.reply(`451 4.7.1 Greylisted, please try again in ${o.greylistS ?? 300} seconds`);
    }
  }
  if (o.rcptReply) return s.reply(o.rcptReply);
  const fixed = o.replies?.[address];
  if (fixed) return s.reply(fixed);
  if (o.catchAll || s.shared.mailboxes.has(address)) {
    s.recipients.push(address);
    return s.reply('250 2.1.5 OK');
  }
  s.reply(o.unknownReply ?? GMAIL_UNKNOWN);
}
