import { describe, expect, it } from 'vitest';
import { healthOf, savedId, warmupStatsOf } from './mailbox-parse';

// Smartlead's email-account answers as its two documentation sources show them (decision 0202).

describe('warmupStatsOf', () => {
  it('reads the help-center shape (counts as strings), oldest day first', () => {
    const s = warmupStatsOf({
      id: 3075,
      sent_count: '4',
      spam_count: '1',
      inbox_count: '3',
      warmup_email_received_count: '5',
      stats_by_date: [
        { id: 1, date: '2025-11-22', sent_count: 3, reply_count: 1, save_from_spam_count: 1 },
        { id: 2, date: '2025-11-21T00:00:00.000Z', sent_count: 1, reply_count: 0, save_from_spam_count: 0 },
      ],
    });
    expect(s).toEqual({
      sent: 4,
      inbox: 3,
      spam: 1,
      received: 5,
      days: [
        { date: '2025-11-21', sent: 1, replied: 0, savedFromSpam: 0 },
        { date: '2025-11-22', sent: 3, replied: 1, savedFromSpam: 1 },
      ],
    });
  });

  it('reads the api.smartlead.ai reference shape', () => {
    const s = warmupStatsOf({
      total_sent: 33,
      spam_count: 1,
      reputation_score: 95,
      daily_stats: [
        { date: '2025-11-21', sent: 18, spam: 1, delivered: 17, opened: 14, replied: 5 },
        { date: '2025-11-20', sent: 15, spam: 0, delivered: 15, opened: 12, replied: 4 },
      ],
    });
    expect(s).toEqual({
      sent: 33,
      inbox: 32,
      spam: 1,
      received: 9,
      days: [
        { date: '2025-11-20', sent: 15, replied: 4, savedFromSpam: 0 },
        { date: '2025-11-21', sent: 18, replied: 5, savedFromSpam: 0 },
      ],
    });
  });

  it('draws nothing from an answer without days', () => {
    expect(warmupStatsOf(null)).toEqual({ sent: 0, inbox: 0, spam: 0, received: 0, days: [] });
    expect(warmupStatsOf({ sent_count: '2', spam_count: '0' })).toMatchObject({ sent: 2, days: [] });
  });
});

describe('healthOf', () => {
  it('keeps the named fields only: never the password Smartlead sends with the mailbox', () => {
    const h = healthOf({
      id: '7',
      username: 'a@b.example',
      password: 'hunter2',
      imap_password: 'hunter2',
      smtp_host: 'smtp.b.example',
      smtp_port: '587',
      is_smtp_success: false,
      smtp_failure_error: 'Invalid login',
      is_imap_success: true,
      imap_failure_error: 'stale text from an earlier failure',
      warmup_details: { status: 'ACTIVE', warmup_reputation: '97%', warmup_max_count: 30, reply_rate: 35 },
    });
    expect(JSON.stringify(h)).not.toContain('hunter2');
    expect(h).toMatchObject({
      id: 7,
      smtpOk: false,
      smtpError: 'Invalid login',
      imapOk: true,
      imapError: null,
      warmupReputation: 97,
      warmupPerDay: 30,
      warmupReplyRate: 35,
      login: { smtpPort: 587, imapHost: '', imapPort: null },
    });
  });
});

describe('savedId', () => {
  it('takes the id from either documented answer, and refuses an answer without one', () => {
    expect(savedId({ ok: true, emailAccountId: 12 })).toBe(12);
    expect(savedId({ ok: true, data: { id: 13 } })).toBe(13);
    expect(() => savedId({ ok: true })).toThrow(/did not say which mailbox/);
  });
});
