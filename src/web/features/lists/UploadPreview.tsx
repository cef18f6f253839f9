import { CheckCircle2, FileText, Loader2, Lock, PlayCircle } from 'lucide-react';
import type { UploadResponse } from '../../../shared/lists';
import { formatKb } from '../../lib/format';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { ScrollRegion } from '../../ui/scroll-region';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../ui/table';
import { RowStatusBadge } from './status';

/** ready: can start; starting: request on its way; running: started (never twice); blocked: no access. */
export type StartState = 'ready' | 'starting' | 'running' | 'blocked';

function StartIcon({ state }: { state: StartState }) {
  if (state === 'starting') return <Loader2 className="animate-spin" />;
  if (state === 'running') return <CheckCircle2 />;
  if (state === 'blocked') return <Lock />;
  return <PlayCircle />;
}

export function UploadSummary(props: {
  file: { name: string; size: number };
  upload: UploadResponse;
  state: StartState;
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
            {upload.duplicates > 0 && (
              <>
                <dt className="text-muted-foreground">Duplicates merged</dt>
                <dd data-testid="duplicates-merged">
                  {upload.duplicates.toLocaleString()}: checked once, every row keeps the verdict
                </dd>
              </>
            )}
          </dl>
        </div>
        <Button onClick={props.onStart} disabled={props.state !== 'ready'} size="lg" variant="gradient">
          <StartIcon state={props.state} />
          {props.state === 'running' ? 'Verification running' : 'Start Email Verification'}
        </Button>
      </CardContent>
    </Card>
  );
}

export function PreviewTable(props: { upload: UploadResponse; state: StartState; onStart: () => void }) {
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
        <ScrollRegion label="Preview rows" className="max-h-[400px] rounded-md border">
          <Table bare>
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
        </ScrollRegion>
        <div className="flex flex-col items-center justify-between gap-3 sm:flex-row">
          <p className="text-sm text-muted-foreground" data-testid="preview-count">
            Showing {preview.length} of {totalEmails.toLocaleString()} rows
          </p>
          <Button onClick={props.onStart} disabled={props.state !== 'ready'}>
            <StartIcon state={props.state} />
            {props.state === 'running' ? 'Verification running' : 'Start Verification'}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
