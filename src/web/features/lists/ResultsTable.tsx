import { useQuery } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight, Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { type ResultFilter, resultFilters, type UploadStats } from '../../../shared/lists';
import { Button } from '../../ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../ui/card';
import { Input } from '../../ui/input';
import { ScrollRegion } from '../../ui/scroll-region';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../ui/select';
import { listsQueries } from './api';
import { ExportMenu } from './ExportMenu';
import { ResultsCardsView, ResultsTableView, type ResultsViewProps } from './ResultsList';
import { ScoreFilter } from './ScoreFilter';

const FILTER_LABELS: Record<ResultFilter, string> = {
  all: 'All',
  valid: 'Valid',
  invalid: 'Invalid',
  risky: 'Risky',
  not_checked: 'Not checked',
};

export function ResultsTable({
  uploadId,
  processing,
  notStarted,
  stats,
  stopped = false,
}: {
  uploadId: string;
  processing: boolean;
  /** Never started: rows say "Not started" rather than PROCESSING. */
  notStarted: boolean;
  stats: UploadStats;
  /** The run was stopped (its rows without a verdict are not checked). */
  stopped?: boolean;
}) {
  const [page, setPage] = useState(1);
  const [filter, setFilter] = useState<ResultFilter>('all');
  const [minScore, setMinScore] = useState<number | null>(null);
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

  const results = useQuery(listsQueries.results(uploadId, { page, filter, search, minScore }, processing));
  // The last writes of a run land after the last poll: read once more when it ends.
  const refetch = results.refetch;
  useEffect(() => {
    if (!processing) void refetch();
  }, [processing, refetch]);
  const rows = results.data?.results ?? [];
  const pagination = results.data?.pagination;
  const toggle = (id: number) =>
    setSelected((s) => {
      const n = new Set(s);
      if (n.has(id)) n.delete(id);
      else n.add(id);
      return n;
    });
  const view: ResultsViewProps = {
    rows,
    loading: results.isLoading,
    emptyText:
      search || filter !== 'all' || minScore !== null
        ? 'No emails match your search or filter.'
        : 'No results yet.',
    notStarted,
    selected,
    toggle,
    toggleAll: (on) => setSelected(on ? new Set(rows.map((r) => r.id)) : new Set()),
  };

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
              className="w-full pl-9 sm:w-72"
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
          <ScoreFilter
            value={minScore}
            onChange={(v) => {
              setMinScore(v);
              setPage(1);
              setSelected(new Set());
            }}
          />
          <ExportMenu
            uploadId={uploadId}
            stats={stats}
            stopped={stopped}
            minScore={minScore}
            scoredRows={minScore === null ? null : (pagination?.total ?? null)}
          />
        </div>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {results.isError ? (
          <p className="py-10 text-center text-destructive">Failed to fetch results</p>
        ) : (
          <ScrollRegion label="Results" className="h-[400px] rounded-md border">
            <div className="hidden md:block">
              <ResultsTableView {...view} />
            </div>
            <div className="md:hidden">
              <ResultsCardsView {...view} />
            </div>
          </ScrollRegion>
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
