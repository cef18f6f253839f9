import { useQuery } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight, Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { FindFilter } from '../../../shared/finder';
import { Button } from '../../ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../ui/card';
import { Input } from '../../ui/input';
import { ScrollRegion } from '../../ui/scroll-region';
import { finderQueries } from './api';
import { FilterChips } from './FilterChips';
import { type ResultRowsProps, ResultsCardsView, ResultsTableView } from './ResultRows';

const PAGE_SIZE = 50;

/** A job's results: filter chips with counts, search, the table (cards on phones) and pages. */
export function FindResults({ jobId }: { jobId: string }) {
  const [page, setPage] = useState(1);
  const [filter, setFilter] = useState<FindFilter>('all');
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');

  // Search as you type, one request once typing pauses.
  useEffect(() => {
    const t = setTimeout(() => {
      setSearch(typed.trim());
      setPage(1);
    }, 300);
    return () => clearTimeout(t);
  }, [typed]);

  const results = useQuery(finderQueries.results(jobId, { page, pageSize: PAGE_SIZE, filter, search }));
  const data = results.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const view: ResultRowsProps = {
    rows: data?.results ?? [],
    loading: results.isLoading,
    emptyText: search || filter !== 'all' ? 'Nobody matches this search or filter.' : 'No results yet.',
  };

  return (
    <Card>
      <CardHeader className="flex flex-col gap-3 space-y-0">
        <div className="flex flex-col gap-3 md:flex-row md:items-center md:justify-between">
          <CardTitle>Results</CardTitle>
          <div className="relative">
            <Search
              className="absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
              aria-hidden
            />
            <Input
              type="search"
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              placeholder="Search name, company or email"
              aria-label="Search results"
              className="w-full pl-9 md:w-72"
            />
          </div>
        </div>
        <FilterChips
          value={filter}
          counts={data?.counts ?? {}}
          onChange={(f) => {
            setFilter(f);
            setPage(1);
          }}
        />
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {results.isError ? (
          <p className="py-10 text-center text-destructive" role="alert">
            The results could not be loaded. Reload the page to try again.
          </p>
        ) : (
          <ScrollRegion label="Find results" className="max-h-[520px] rounded-md border">
            <div className="hidden md:block">
              <ResultsTableView {...view} />
            </div>
            <div className="md:hidden">
              <ResultsCardsView {...view} />
            </div>
          </ScrollRegion>
        )}
        <nav
          aria-label="Result pages"
          className="flex flex-col items-center justify-between gap-2 text-sm sm:flex-row"
        >
          <span className="text-muted-foreground" data-testid="find-results-total">
            {data ? `${data.total.toLocaleString()} ${data.total === 1 ? 'person' : 'people'}` : ''}
          </span>
          <div className="flex items-center gap-2">
            <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
              <ChevronLeft /> Previous
            </Button>
            <span>
              Page {data?.page ?? page} of {pages}
            </span>
            <Button
              variant="outline"
              size="sm"
              disabled={page >= pages}
              onClick={() => setPage((p) => p + 1)}
            >
              Next <ChevronRight />
            </Button>
          </div>
        </nav>
      </CardContent>
    </Card>
  );
}
