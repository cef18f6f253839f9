import { rcpt } from './recipient';
import type { FakeSession } from './session';

// What the fake answers to each command of a session (RCPT: recipient.ts), as a real MTA would.

/** One command line of the session (or a line of a message's text, after DATA). */
export function command(s: FakeSession, line: string) {
  if (s.dataLines) return dataLine(s, line);
  s.stats.commands.push(line);
  if (s.pending > 0) {
    s.stats.pipelined++;
    if (s.o.pipelining === false) s.stats.pipeliningViolations++;
  }
  const verb = line.split(/[\s:]/)[0].toUpperCase();
  const limits = s.o.errorLimits;
  s.lastVerb = verb;
  if (limits && (verb === 'RSET' || verb === 'NOOP') && ++s.junk > (limits.junk ?? 100)) s.error();
  switch (verb) {
    case 'EHLO': {
      const ext = ['250-mx.fake.test', '250-SIZE 35882577', '250-8BITMIME'];
      if (s.o.pipelining !== false) ext.push('250-PIPELINING');
      if (s.o.starttls && !s.o.hideStarttls && !s.tls) ext.push('250-STARTTLS');
      ext.push('250 ENHANCEDSTATUSCODES');
      const every = s.o.closeAfterEhloEvery;
      if (every && s.shared.connNo % every === 0) {
        return s.reply(ext.join('\r\n'), () => s.socket.destroy());
      }
      return s.reply(ext.join('\r\n'));
    }
    case 'HELO':
      return s.reply('250 mx.fake.test');
    case 'STARTTLS':
      if (!s.o.starttls || s.tls) return s.reply('502 5.5.1 Not supported');
      s.upgrading = true;
      return s.reply('220 2.0.0 Ready to start TLS', () => s.upgrade());
    case 'MAIL':
      if (s.o.tlsRequired === true && !s.tls) return s.reply('530 5.7.0 Must issue a STARTTLS command first');
      s.from = line.slice(line.indexOf(':') + 1).trim();
      s.rcptDomain = '';
      s.msgRcpts = 0;
      s.msgAccepted = 0;
      return s.reply(s.o.mailFromReply ?? '250 2.1.0 OK');
    case 'RCPT':
      return rcpt(s, line);
    case 'RSET':
      s.from = '';
      s.rcptDomain = '';
      s.msgRcpts = 0;
      s.msgAccepted = 0;
      return s.reply('250 2.0.0 OK');
    case 'NOOP':
      return s.reply('250 2.0.0 OK');
    case 'AUTH':
      if (!s.o.acceptData) return s.reply('502 5.5.1 Not supported');
      s.auth = Buffer.from(line.split(' ')[2] ?? '', 'base64').toString('utf8');
      return s.reply('235 2.7.0 Authentication successful');
    case 'DATA':
      s.stats.data++;
      if (!s.o.acceptData) return s.reply('554 5.5.1 No DATA in this test');
      if (!s.recipients.length) return s.reply('503 5.5.1 RCPT first');
      s.dataLines = [];
      return s.reply('354 End data with <CR><LF>.<CR><LF>');
    case 'QUIT':
      return s.reply('221 2.0.0 Bye', () => {
        if (s.o.holdUntilClientCloses) {
          // Still counted until the client's FIN is read; then the socket closes itself.
          s.socket.once('end', () => s.shared.over());
          return;
        }
        s.shared.over();
        s.socket.end();
      });
    default:
      return s.reply('500 5.5.2 Unrecognized command');
  }
}

/** A line of the message after DATA, until the lone dot. */
function dataLine(s: FakeSession, line: string) {
  if (line !== '.') {
    s.dataLines?.push(line.startsWith('..') ? line.slice(1) : line);
    return;
  }
  const text = (s.dataLines ?? []).join('\r\n');
  s.dataLines = null;
  s.stats.messages.push({ from: s.from, to: s.recipients, auth: s.auth, text });
  s.recipients = [];
  s.reply('250 2.0.0 OK queued');
}
