import type { ResultRow } from '../../../shared/lists';
import { Checkbox } from '../../ui/checkbox';
import { Skeleton } from '../../ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../ui/table';
import { Cut, EmailText, FinalStatusCell, InitialStatusCell, rowReason } from './ResultCells';
import { RowDetail, SuppressedBadge } from './RowDetail';

export interface ResultsViewProps {
  rows: ResultRow[];
  loading: boolean;
  emptyText: string;
  notStarted: boolean;
  selected: Set<number>;
  toggle: (id: number) => void;
  toggleAll: (on: boolean) => void;
}

const COLS = 7;

/**
 * Wide screens: a fixed-layout table, so a long address can never push the verdict off screen. Name,
 * company and the initial check appear from 1024 px; Final Status and Reason are always there.
 */
export function ResultsTableView(p: ResultsViewProps) {
  const allChecked = p.rows.length > 0 && p.rows.every((r) => p.selected.has(r.id));
  return (
    <Table bare className="table-fixed" data-testid="results-table">
      <colgroup>
        <col className="w-10" />
        <col />
        <col className="hidden w-[15%] lg:table-column" />
        <col className="hidden w-[14%] lg:table-column" />
        <col className="hidden w-28 lg:table-column" />
        <col className="w-36" />
        <col className="w-[20%]" />
      </colgroup>
      <TableHeader className="sticky top-0 z-10 bg-card">
        <TableRow>
          <TableHead>
            <Checkbox
              checked={allChecked}
              onCheckedChange={(v) => p.toggleAll(Boolean(v))}
              aria-label="Select all rows on this page"
            />
          </TableHead>
          <TableHead>Email</TableHead>
          <TableHead className="hidden lg:table-cell">Name</TableHead>
          <TableHead className="hidden lg:table-cell">Company</TableHead>
          <TableHead className="hidden lg:table-cell">Initial Check</TableHead>
          <TableHead>Final Status</TableHead>
          <TableHead>Reason</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {p.loading &&
          Array.from({ length: 6 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders
            <TableRow key={i}>
              <TableCell colSpan={COLS}>
                <Skeleton className="h-5 w-full" />
              </TableCell>
            </TableRow>
          ))}
        {!p.loading && p.rows.length === 0 && (
          <TableRow>
            <TableCell colSpan={COLS} className="py-10 text-center text-muted-foreground">
              {p.emptyText}
            </TableCell>
          </TableRow>
        )}
        {p.rows.map((r) => (
          <TableRow key={r.id} className="group" data-state={p.selected.has(r.id) ? 'selected' : undefined}>
            <TableCell>
              <Checkbox
                checked={p.selected.has(r.id)}
                onCheckedChange={() => p.toggle(r.id)}
                aria-label={`Select ${r.email.email}`}
              />
            </TableCell>
            <TableCell className="font-medium">
              <EmailText email={r.email.email} />
              {r.suggestion && (
                <Cut text={`Did you mean ${r.suggestion}?`} className="text-xs text-muted-foreground" />
              )}
            </TableCell>
            <TableCell className="hidden lg:table-cell">
              <Cut text={r.email.name ?? '—'} />
            </TableCell>
            <TableCell className="hidden lg:table-cell">
              <Cut text={r.email.company ?? '—'} />
            </TableCell>
            <TableCell className="hidden lg:table-cell">
              <InitialStatusCell r={r} notStarted={p.notStarted} />
            </TableCell>
            <TableCell data-testid="final-status">
              <div className="flex flex-wrap items-center gap-1">
                <FinalStatusCell r={r} notStarted={p.notStarted} />
                {r.suppressed && <SuppressedBadge />}
              </div>
            </TableCell>
            <TableCell className="text-sm text-muted-foreground">
              {/* Wraps rather than cut: the reason is the point of the row. */}
              <span className="block break-words">{rowReason(r, p.notStarted)}</span>
              <RowDetail r={r} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** Phones: one card per row, the verdict beside the address and the details under it. */
export function ResultsCardsView(p: ResultsViewProps) {
  if (p.loading) return <Skeleton className="m-3 h-24" />;
  if (p.rows.length === 0) return <p className="py-10 text-center text-muted-foreground">{p.emptyText}</p>;
  return (
    <ul className="divide-y" data-testid="results-cards">
      {p.rows.map((r) => {
        const details = [r.email.name, r.email.company].filter(Boolean).join(' · ');
        const reason = rowReason(r, p.notStarted);
        return (
          <li key={r.id} className="flex items-start gap-3 p-3" data-testid="result-card">
            <Checkbox
              className="mt-0.5"
              checked={p.selected.has(r.id)}
              onCheckedChange={() => p.toggle(r.id)}
              aria-label={`Select ${r.email.email}`}
            />
            <div className="min-w-0 flex-1">
              <EmailText email={r.email.email} className="font-medium" />
              {details && <p className="truncate text-xs text-muted-foreground">{details}</p>}
              {reason && <p className="text-xs text-muted-foreground">{reason}</p>}
              {r.suggestion && <p className="text-xs text-muted-foreground">Did you mean {r.suggestion}?</p>}
              <RowDetail r={r} />
            </div>
            <div className="flex shrink-0 flex-col items-end gap-1" data-testid="final-status-card">
              <FinalStatusCell r={r} notStarted={p.notStarted} />
              {r.suppressed && <SuppressedBadge />}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
