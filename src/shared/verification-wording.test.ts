import { describe, expect, it } from 'vitest';
import { reasonCodes } from './reason-codes';
import { attemptsText, RESULT_CSV_COLUMNS, reasonText, smtpMessageText, smtpReplyText } from './verification';

describe('verification wording for people', () => {
  it('puts reason_text right after the reason code', () => {
    expect(RESULT_CSV_COLUMNS.indexOf('reason_text')).toBe(RESULT_CSV_COLUMNS.indexOf('reason') + 1);
  });

  it('turns reason codes into words and leaves unknown codes as written', () => {
    expect(reasonText('null_mx')).toBe('Domain accepts no mail (null MX)');
    expect(reasonText('unreachable')).toMatch(/could not be reached/);
    expect(reasonText('bounced')).toBe('Bounced when one of your campaigns sent to it');
    expect(reasonText('unverifiable')).toBe('Mail server will not say whether the mailbox exists');
    expect(reasonText('something_new')).toBe('something_new');
    expect(reasonText(null)).toBe('');
  });

  it('says our socket errors in words and keeps real SMTP replies as sent', () => {
    expect(smtpMessageText('connect ECONNREFUSED 127.0.0.1:2525', null)).toBe(
      'Connection refused by the mail server (127.0.0.1:2525)',
    );
    expect(smtpMessageText('connect ETIMEDOUT 10.0.0.1:25')).toBe(
      'Mail server did not answer in time (10.0.0.1:25)',
    );
    expect(smtpMessageText('550 5.1.1 user unknown', 550)).toBe('550 5.1.1 user unknown');
    expect(smtpMessageText(null)).toBe('');
  });

  it('has words for every reason code, fit for a CSV cell (no formula start, one line)', () => {
    for (const code of reasonCodes) {
      const text = reasonText(code);
      expect(text, code).not.toBe(code);
      expect(text, code).toMatch(/^[A-Z]/);
      expect(text, code).not.toMatch(/[\r\n]/);
    }
  });

  it('shows the reply code before the text the engine keeps apart, once', () => {
    expect(smtpReplyText(252, '2.5.2 Cannot VRFY user, but will accept message')).toBe(
      '252 2.5.2 Cannot VRFY user, but will accept message',
    );
    expect(smtpReplyText(550, '550 5.1.1 user unknown')).toBe('550 5.1.1 user unknown');
    expect(smtpReplyText(554, '')).toBe('554');
    expect(smtpReplyText(null, 'connect ECONNREFUSED 127.0.0.1:25')).toBe(
      'Connection refused by the mail server (127.0.0.1:25)',
    );
    expect(smtpReplyText(null, null)).toBe('');
  });

  it('says how often the source of a verdict was asked, by how it was decided', () => {
    expect(attemptsText('smtp', 1)).toBe('1 question to the mail server');
    expect(attemptsText('smtp', 3)).toBe('3 questions to the mail server');
    // A 554 greeting or a refused connection: no RCPT TO was ever answered.
    expect(attemptsText('smtp', 0)).toBe('None: no mail server answered about this address');
    expect(attemptsText('cache', 0)).toBe('None needed (answered by a recent check)');
    expect(attemptsText('verifier', 1)).toBe('1 request to the verification service');
    expect(attemptsText('send_outcome', 2)).toBe('2 questions to the mail server');
    expect(attemptsText('initial_check', null)).toBe('—');
    expect(attemptsText(null, null)).toBe('—');
  });
});
