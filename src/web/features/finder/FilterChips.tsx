import {
  FIND_FILTERS,
  FIND_STATUS_LABELS,
  type FindFilter,
  type FindResultsPage,
} from '../../../shared/finder';
import { cn } from '../../lib/utils';

type Counts = FindResultsPage['counts'];

export const FILTER_LABELS: Record<FindFilter, string> = {
  all: 'All',
  found: 'Found',
  ...FIND_STATUS_LABELS,
};

/** Rows a filter shows, from the job's counts per status (found: valid and accept-all). */
export function filterCount(filter: FindFilter, counts: Partial<Counts>): number {
  const n = (k: keyof Counts) => counts[k] ?? 0;
  if (filter === 'all') return Object.values(counts).reduce((s: number, v) => s + (v ?? 0), 0);
  if (filter === 'found') return n('valid') + n('accept_all');
  return n(filter);
}

/** The result filters as toggle chips with their counts; one is on at a time. */
export function FilterChips(props: {
  value: FindFilter;
  counts: Partial<Counts>;
  onChange: (f: FindFilter) => void;
}) {
  return (
    <fieldset className="flex flex-wrap gap-2">
      <legend className="sr-only">Filter results by status</legend>
      {FIND_FILTERS.map((f) => {
        const on = props.value === f;
        return (
          <button
            key={f}
            type="button"
            aria-pressed={on}
            onClick={() => props.onChange(f)}
            data-testid={`filter-${f}`}
            className={cn(
              'inline-flex items-center gap-1.5 rounded-full border px-3 py-1 text-xs font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
              on ? 'border-primary bg-primary text-primary-foreground' : 'bg-card hover:bg-accent',
            )}
          >
            {FILTER_LABELS[f]}
            <span className={cn('tabular-nums', on ? 'opacity-90' : 'text-muted-foreground')}>
              {filterCount(f, props.counts).toLocaleString()}
            </span>
          </button>
        );
      })}
    </fieldset>
  );
}
