import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { loggedUrl, redactUrl, serializeError } from './redact';

describe('redactUrl', () => {
  it.each([
    ['/api/x?search=alice@corp.com&page=2', '/api/x?search=[redacted]&page=2'],
    ['/api/x?page=2&q=alice', '/api/x?page=2&q=[redacted]'],
    ['/api/x?SEARCH=alice', '/api/x?SEARCH=[redacted]'],
    ['/api/x?sear%63h=alice', '/api/x?sear%63h=[redacted]'],
    ['/api/x?keyword=yoga+studio', '/api/x?keyword=[redacted]'],
    [
      '/api/x?api_key=sk_1&apiKey=sk_2&token=t&access_token=a',
      '/api/x?api_key=[redacted]&apiKey=[redacted]&token=[redacted]&access_token=[redacted]',
    ],
    [
      '/api/x?password=p&secret=s&email=a@b.c',
      '/api/x?password=[redacted]&secret=[redacted]&email=[redacted]',
    ],
    ['/api/x?page=1&filter=valid&type=all', '/api/x?page=1&filter=valid&type=all'],
    ['/api/x?search', '/api/x?search'],
    ['/api/x?%E0%A4%A=1', '/api/x?%E0%A4%A=1'],
    ['/api/x', '/api/x'],
    ['/invite/abcDEF_123-x', '/invite/[redacted]'],
    ['/api/invitations/preview?token=abc', '/api/invitations/preview?token=[redacted]'],
  ])('%s → %s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });
});

describe('loggedUrl', () => {
  it.each([
    ['/api/suppressions/%2B4%40pub.test', '/api/suppressions/:email', '/api/suppressions/:email'],
    [
      '/api/upload/abc/results?search=x&page=2',
      '/api/upload/:id/results',
      '/api/upload/:id/results?search=[redacted]&page=2',
    ],
    ['/api/suppressions/a%40b.test/x', undefined, '/api/suppressions/[unmatched]'],
    ['/api/nothing', undefined, '/api/nothing'],
    ['/invite/abc?x=1', undefined, '/invite/[redacted]?x=1'],
    ['/find/123', undefined, '/find/[unmatched]'],
    ['/settings?token=t', undefined, '/settings?token=[redacted]'],
  ])('%s (route %s) → %s', (url, pattern, expected) => {
    expect(loggedUrl({ method: 'GET', url, routeOptions: { url: pattern } })).toBe(expected);
  });
});

describe('serializeError', () => {
  it('drops the values of a failed query but keeps its SQL', () => {
    const err = new DrizzleQueryError(
      'select * from upload_rows where email ilike $1',
      ['%alice@corp.com%'],
      new Error('boom'),
    );
    const out = serializeError(err);
    const text = JSON.stringify(out);
    expect(text).toContain('select * from upload_rows');
    expect(text).not.toContain('alice@corp.com');
    expect(out.params).toBe('[redacted]');
  });
});
