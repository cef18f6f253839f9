import { AlertTriangle, FileText } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '../../ui/alert';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../ui/table';
import { columnNames, type FinderCsvPreview } from './csv-preview';

const SHOWN = 5;

/**
 * What the bulk find will read from the file: the people count, the name and company columns, and the
 * first people as they will be searched; or, when it cannot start, why.
 */
export function ColumnPreview({ fileName, preview }: { fileName: string; preview: FinderCsvPreview }) {
  const names = columnNames(preview);
  const cols = preview.columns;
  return (
    <div className="space-y-3" data-testid="bulk-preview">
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-muted-foreground">File</dt>
        <dd className="flex min-w-0 items-center gap-1.5 font-medium">
          <FileText className="size-4 shrink-0 text-muted-foreground" aria-hidden />
          <span className="break-all">{fileName}</span>
        </dd>
        <dt className="text-muted-foreground">People</dt>
        <dd data-testid="bulk-rows">{preview.rows.toLocaleString()}</dd>
        {names && (
          <>
            <dt className="text-muted-foreground">Name from</dt>
            <dd data-testid="bulk-name-column">{names.name}</dd>
            <dt className="text-muted-foreground">Company from</dt>
            <dd data-testid="bulk-company-column">{names.company}</dd>
          </>
        )}
      </dl>
      {preview.problem && (
        <Alert variant="destructive" data-testid="bulk-problem">
          <AlertTriangle />
          <AlertTitle>This file can't be used yet</AlertTitle>
          <AlertDescription>{preview.problem}</AlertDescription>
        </Alert>
      )}
      {cols && preview.sample.length > 0 && (
        <Table aria-label="The first people of the file">
          <TableHeader>
            <TableRow>
              <TableHead>Name</TableHead>
              <TableHead>Company</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {preview.sample.slice(0, SHOWN).map((row, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows of one fixed file
              <TableRow key={i}>
                <TableCell className="break-words">
                  {cols.name
                    .map((c) => row[c]?.trim())
                    .filter(Boolean)
                    .join(' ') || '—'}
                </TableCell>
                <TableCell className="break-all">{row[cols.company]?.trim() || '—'}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </div>
  );
}
