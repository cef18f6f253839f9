import { describe, expect, it } from 'vitest';
import { emptyExportReason } from './ExportMenu';

describe('an export with no rows says why', () => {
  const stats = { total: 10, valid: 0, invalid: 4, risky: 0, pending: 6 };
  it('rows still in a run are waiting; in a stopped run they were not checked', () => {
    expect(emptyExportReason(stats, 'valid')).toBe('No valid emails yet: 6 are still waiting to be checked.');
    expect(emptyExportReason(stats, 'valid', true)).toBe(
      'No valid emails: the verification was stopped before 6 were checked. Resume it to check them.',
    );
    expect(emptyExportReason(stats, 'invalid', true)).toBeNull();
  });
});
