import { ChevronLeft, ChevronRight, Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { type ResultFilter, type ResultRow, resultFilters } from '../../../shared/lists';
import { type ReasonCode, reasonLabels } from '../../../shared/verification';
import { useResults } from '../../hooks/use-lists';
import { Button } from '../ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../ui/card';
import { Checkbox } from '../ui/checkbox';
import { Input } from '../ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../ui/select';
import { Skeleton } from '../ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../ui/table';
import { ExportMenu } from './ExportMenu';
import { ProcessingMarker, RowStatusBadge } from './status';

const FILTER_LABELS: Record<ResultFilter, string> = {
  all: 'All',
  valid: 'Valid',
  invalid: 'Invalid',
  risky: 'Risky',
};

function reasonText(r: ResultRow): string {
  if (!r.reason) return r.isFinal ? '' : 'Awaiting final check';
  return reasonLabels[r.reason as ReasonCode] ?? r.reason;
}

export function ResultsTable({ uploadId, processing }: { uploadId: string; processing: boolean }) {
  const [page, setPage] = useState(1);
  const [filter, setFilter] = useState<ResultFilter>('all');
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<Set<number>>(new Set());

  // Search as you type, one request once typing pauses.
  useEffect(() => {
    const t = setTimeout(() => {
      setSearch(typed.trim());
      setPage(1);
      setSelected(new Set());
    }, 300);
    return () => clearTimeout(t);
  }, [typed]);

  const results = useResults(uploadId, { page, filter, search }, processing);
  // The last writes of a run land after the last poll: read once more when it ends.
  const refetch = results.refetch;
  useEffect(() => {
    if (!processing) void refetch();
  }, [processing, refetch]);
  const rows = results.data?.results ?? [];
  const pagination = results.data?.pagination;
  const allChecked = rows.length > 0 && rows.every((r) => selected.has(r.id));
  const toggle = (id: number) =>
    setSelected((s) => {
      const n = new Set(s);
      if (n.has(id)) n.delete(id);
      else n.add(id);
      return n;
    });

  return (
    <Card>
      <CardHeader className="flex flex-col gap-4 md:flex-row md:items-center md:justify-between">
        <CardTitle>Results</CardTitle>
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
          <div className="relative">
            <Search className="absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
            <Input
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              placeholder="Search email, name or company"
              aria-label="Search results"
              className="w-64 pl-9"
            />
          </div>
          <Select
            value={filter}
            onValueChange={(v) => {
              setFilter(v as ResultFilter);
              setPage(1);
              setSelected(new Set());
            }}
          >
            <SelectTrigger className="w-36" aria-label="Filter results">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {resultFilters.map((f) => (
                <SelectItem key={f} value={f}>
                  {FILTER_LABELS[f]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          <ExportMenu uploadId={uploadId} />
        </div>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {results.isError ? (
          <p className="py-10 text-center text-destructive">Failed to fetch results</p>
        ) : (
          <div className="h-[400px] overflow-auto rounded-md border">
            <Table data-testid="results-table">
              <TableHeader className="sticky top-0 bg-card">
                <TableRow>
                  <TableHead className="w-10">
                    <Checkbox
                      checked={allChecked}
                      onCheckedChange={(v) => setSelected(v ? new Set(rows.map((r) => r.id)) : new Set())}
                      aria-label="Select all rows on this page"
                    />
                  </TableHead>
                  <TableHead>Email</TableHead>
                  <TableHead>Name</TableHead>
                  <TableHead>Company</TableHead>
                  <TableHead>Initial Check</TableHead>
                  <TableHead>Final Status</TableHead>
                  <TableHead>Reason</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {results.isLoading &&
                  Array.from({ length: 6 }, (_, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: placeholders
                    <TableRow key={i}>
                      <TableCell colSpan={7}>
                        <Skeleton className="h-5 w-full" />
                      </TableCell>
                    </TableRow>
                  ))}
                {!results.isLoading && rows.length === 0 && (
                  <TableRow>
                    <TableCell colSpan={7} className="py-10 text-center text-muted-foreground">
                      {search || filter !== 'all'
                        ? 'No emails match your search or filter.'
                        : 'No results yet.'}
                    </TableCell>
                  </TableRow>
                )}
                {rows.map((r) => (
                  <TableRow key={r.id} data-state={selected.has(r.id) ? 'selected' : undefined}>
                    <TableCell>
                      <Checkbox
                        checked={selected.has(r.id)}
                        onCheckedChange={() => toggle(r.id)}
                        aria-label={`Select ${r.email.email}`}
                      />
                    </TableCell>
                    <TableCell className="font-medium">
                      {r.email.email}
                      {r.suggestion && (
                        <span className="block text-xs text-muted-foreground">
                          Did you mean {r.suggestion}?
                        </span>
                      )}
                    </TableCell>
                    <TableCell>{r.email.name ?? '—'}</TableCell>
                    <TableCell>{r.email.company ?? '—'}</TableCell>
                    <TableCell>
                      {r.status === 'pending' ? <ProcessingMarker /> : <RowStatusBadge status={r.status} />}
                    </TableCell>
                    <TableCell data-testid="final-status">
                      {r.isFinal ? <RowStatusBadge status={r.finalStatus} /> : <ProcessingMarker />}
                    </TableCell>
                    <TableCell className="text-sm text-muted-foreground">{reasonText(r)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
        )}
        <div className="flex flex-col items-center justify-between gap-2 text-sm sm:flex-row">
          <span className="text-muted-foreground">
            {selected.size > 0 ? `${selected.size} selected · ` : ''}
            {pagination ? `${pagination.total.toLocaleString()} emails` : ''}
          </span>
          <div className="flex items-center gap-2">
            <Button
              variant="outline"
              size="sm"
              disabled={page <= 1}
              onClick={() => {
                setPage((p) => p - 1);
                setSelected(new Set());
              }}
            >
              <ChevronLeft /> Previous
            </Button>
            <span data-testid="page-indicator">
              Page {pagination?.page ?? page} of {pagination?.totalPages ?? 1}
            </span>
            <Button
              variant="outline"
              size="sm"
              disabled={!pagination || page >= pagination.totalPages}
              onClick={() => {
                setPage((p) => p + 1);
                setSelected(new Set());
              }}
            >
              Next <ChevronRight />
            </Button>
          </div>
        </div>
      </CardContent>
    </Card>
  );
}
