import { describe, expect, it } from 'vitest';
import { RESULT_CSV_COLUMNS, reasonText, smtpMessageText } from './verification';

describe('verification wording for people', () => {
  it('puts reason_text right after the reason code', () => {
    expect(RESULT_CSV_COLUMNS.indexOf('reason_text')).toBe(RESULT_CSV_COLUMNS.indexOf('reason') + 1);
  });

  it('turns reason codes into words and leaves unknown codes as written', () => {
    expect(reasonText('null_mx')).toBe('Domain accepts no mail (null MX)');
    expect(reasonText('unreachable')).toMatch(/could not be reached/);
    expect(reasonText('bounced')).toBe('Bounced when one of your campaigns sent to it');
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
});
