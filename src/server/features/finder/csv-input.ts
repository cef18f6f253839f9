import { CsvNotTextError, readCsv } from '../../../shared/csv';
import {
  detectFinderColumns,
  FIND_BULK_MAX_ROWS,
  type FindPerson,
  findPersonSchema,
} from '../../../shared/finder';
import { MAX_CSV_BYTES } from '../../../shared/lists';
import { badRequest } from '../../platform/http/errors';

// A bulk-find CSV read into people: columns detected as uploads detect them, rows without a name or a
// company skipped (and counted), the file's size and row count bounded.

export interface ReadPeople {
  people: FindPerson[];
  skipped: number;
}

async function* bounded(stream: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
  let seen = 0;
  for await (const chunk of stream) {
    seen += chunk.length;
    if (seen > MAX_CSV_BYTES) throw badRequest(`The file is larger than ${MAX_CSV_BYTES / 1024 / 1024} MB`);
    yield chunk;
  }
}

export async function peopleFromCsv(stream: AsyncIterable<Uint8Array>): Promise<ReadPeople> {
  const rows: string[][] = [];
  try {
    for await (const block of readCsv(bounded(stream))) {
      rows.push(...block);
      if (rows.length > FIND_BULK_MAX_ROWS + 1) {
        throw badRequest(
          `At most ${FIND_BULK_MAX_ROWS.toLocaleString('en-US')} people per file; split the list`,
        );
      }
    }
  } catch (err) {
    if (err instanceof CsvNotTextError)
      throw badRequest('This file is not a CSV (text with commas or semicolons)');
    throw err;
  }
  const [headers = [], ...body] = rows;
  if (body.length === 0) throw badRequest('The file has no rows under its header');
  const found = detectFinderColumns(headers, body.slice(0, 50));
  if ('error' in found) throw badRequest(found.error);
  const { name, company } = found.columns;
  const people: FindPerson[] = [];
  let skipped = 0;
  for (const r of body) {
    const cell = (i: number) => (r[i] ?? '').trim().slice(0, 200);
    const candidate =
      name.length === 2
        ? {
            firstName: cell(name[0]).slice(0, 100),
            lastName: cell(name[1]).slice(0, 100),
            company: cell(company),
          }
        : { fullName: cell(name[0]), company: cell(company) };
    const parsed = findPersonSchema.safeParse(candidate);
    if (parsed.success) people.push(parsed.data);
    else skipped++;
  }
  if (people.length === 0) throw badRequest('No row has both a name and a company domain');
  return { people, skipped };
}
