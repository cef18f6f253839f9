// A fake mail exchanger speaking real SMTP on loopback (tests and benches import it as `fakes/smtp`):
// the server (server.ts), one connection's talk (session.ts), its answers to commands (commands.ts)
// and to recipients (recipient.ts), real servers' rules and words (rules.ts, replies.ts).
export type { FakeSmtp, FakeSmtpOptions, FakeSmtpStats } from './options';
export { startFakeSmtp } from './server';
