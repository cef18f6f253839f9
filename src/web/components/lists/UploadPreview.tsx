import { FileText, Loader2, PlayCircle } from 'lucide-react';
import type { UploadResponse } from '../../../shared/lists';
import { formatKb } from '../../lib/format';
import { Button } from '../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../ui/table';
import { RowStatusBadge } from './status';

export function UploadSummary(props: {
  file: { name: string; size: number };
  upload: UploadResponse;
  starting: boolean;
  onStart: () => void;
}) {
  const { file, upload } = props;
  return (
    <Card>
      <CardContent className="flex flex-col gap-4 pt-6 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex items-center gap-4">
          <span className="flex size-12 items-center justify-center rounded-lg bg-emerald-50 text-emerald-600">
            <FileText className="size-6" />
          </span>
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 text-sm" data-testid="file-summary">
            <dt className="text-muted-foreground">File</dt>
            <dd className="font-medium">{file.name}</dd>
            <dt className="text-muted-foreground">Size</dt>
            <dd>{formatKb(file.size)}</dd>
            <dt className="text-muted-foreground">Emails detected</dt>
            <dd className="font-semibold" data-testid="emails-detected">
              {upload.totalEmails.toLocaleString()}
            </dd>
          </dl>
        </div>
        <Button onClick={props.onStart} disabled={props.starting} size="lg" variant="gradient">
          {props.starting ? <Loader2 className="animate-spin" /> : <PlayCircle />}
          Start Email Verification
        </Button>
      </CardContent>
    </Card>
  );
}

export function PreviewTable(props: { upload: UploadResponse; starting: boolean; onStart: () => void }) {
  const { preview, totalEmails } = props.upload;
  const columns = preview.length ? Object.keys(preview[0]) : props.upload.headers;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Preview</CardTitle>
        <CardDescription>
          Email column: <strong>{props.upload.emailColumn}</strong>
          {props.upload.nameColumn && (
            <>
              {' '}
              · Name: <strong>{props.upload.nameColumn}</strong>
            </>
          )}
          {props.upload.companyColumn && (
            <>
              {' '}
              · Company: <strong>{props.upload.companyColumn}</strong>
            </>
          )}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <div className="max-h-[400px] overflow-auto rounded-md border">
          <Table>
            <TableHeader>
              <TableRow>
                {columns.map((c) => (
                  <TableHead key={c}>{c}</TableHead>
                ))}
                <TableHead>Status</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {preview.map((row, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: preview rows have no id and never reorder
                <TableRow key={i}>
                  {columns.map((c) => (
                    <TableCell key={c} className="max-w-[240px] truncate">
                      {row[c]}
                    </TableCell>
                  ))}
                  <TableCell>
                    <RowStatusBadge status="pending" />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
        <div className="flex flex-col items-center justify-between gap-3 sm:flex-row">
          <p className="text-sm text-muted-foreground" data-testid="preview-count">
            Showing {preview.length} of {totalEmails.toLocaleString()} rows
          </p>
          <Button onClick={props.onStart} disabled={props.starting}>
            {props.starting ? <Loader2 className="animate-spin" /> : <PlayCircle />}
            Start Verification
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
