import { csvDocument } from '../../../shared/csv';
import type { CleanedRow } from '../../../shared/scraper';

// CSV of one tab of the cleaning dialog. Cells are formula-safe (a bio can start with "=").
const HEADERS = ['Full Name', 'Email', 'Company', 'Username', 'Followers', 'Status', 'Original Name'];

export function cleanedCsv(rows: CleanedRow[]): string {
  const data = rows.map((r) => [
    r.cleanedFullName,
    r.cleanedEmail,
    r.cleanedCompany,
    r.username,
    r.followersCount ?? '',
    r.isComplete ? 'Complete' : 'Partial',
    r.fullName,
  ]);
  return csvDocument(HEADERS, data, { bom: true });
}
