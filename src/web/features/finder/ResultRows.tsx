import type { FindResult } from '../../../shared/finder';
import { Button } from '../../ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../ui/dialog';
import { Skeleton } from '../../ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../ui/table';
import { EvidenceList, evidenceSummary } from './evidence';
import { answerLine } from './FindAnswer';
import { FindStatusBadge, ScoreMeter } from './status';

export interface ResultRowsProps {
  rows: FindResult[];
  loading: boolean;
  emptyText: string;
}

/** The evidence summary, and the whole evidence in a dialog (keyboard: Tab to it, Enter, Escape). */
function Evidence({ r }: { r: FindResult }) {
  return (
    <div className="space-y-0.5">
      <span className="block break-words text-xs text-muted-foreground">{evidenceSummary(r)}</span>
      <Dialog>
        <DialogTrigger asChild>
          <Button
            variant="link"
            size="sm"
            className="h-auto p-0 text-xs"
            aria-label={`Evidence for ${r.name}`}
          >
            Evidence
          </Button>
        </DialogTrigger>
        <DialogContent>
          <DialogHeader>
            <DialogTitle className="break-all">{r.email ?? r.name}</DialogTitle>
            <DialogDescription>{answerLine(r)}</DialogDescription>
          </DialogHeader>
          <p className="text-sm">
            Pattern <span className="font-mono">{r.pattern ?? '—'}</span> · confidence {r.score} / 100
          </p>
          <EvidenceList result={r} />
        </DialogContent>
      </Dialog>
    </div>
  );
}

const Address = ({ r }: { r: FindResult }) =>
  r.email ? (
    <span className="block font-medium [overflow-wrap:anywhere]">{r.email}</span>
  ) : (
    <span className="text-muted-foreground">No address</span>
  );

/** Wide screens: every column; the company column shows the domain it resolved to under it. */
export function ResultsTableView(p: ResultRowsProps) {
  return (
    <Table bare className="table-fixed" data-testid="find-results-table">
      <colgroup>
        <col className="w-[14%]" />
        <col className="w-[13%]" />
        <col />
        <col className="w-28" />
        <col className="w-28" />
        <col className="hidden w-32 lg:table-column" />
        <col className="w-[19%]" />
      </colgroup>
      <TableHeader className="sticky top-0 z-10 bg-card">
        <TableRow>
          <TableHead>Name</TableHead>
          <TableHead>Company</TableHead>
          <TableHead>Email</TableHead>
          <TableHead>Status</TableHead>
          <TableHead>Score</TableHead>
          <TableHead className="hidden lg:table-cell">Pattern</TableHead>
          <TableHead>Evidence</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {p.loading && (
          <TableRow>
            <TableCell colSpan={7}>
              <Skeleton className="h-5 w-full" />
            </TableCell>
          </TableRow>
        )}
        {!p.loading && p.rows.length === 0 && (
          <TableRow>
            <TableCell colSpan={7} className="py-10 text-center text-muted-foreground">
              {p.emptyText}
            </TableCell>
          </TableRow>
        )}
        {p.rows.map((r) => (
          <TableRow key={r.id} data-testid="find-result-row">
            <TableCell className="break-words">{r.name}</TableCell>
            {/* The domain the company resolved to (what the address is at); the title keeps what was given. */}
            <TableCell className="break-all" title={r.company}>
              {r.domain ?? r.company}
            </TableCell>
            <TableCell>
              <Address r={r} />
            </TableCell>
            <TableCell>
              <FindStatusBadge status={r.status} />
            </TableCell>
            <TableCell>
              <ScoreMeter score={r.score} label={`Confidence for ${r.name}`} />
            </TableCell>
            <TableCell className="hidden font-mono text-xs lg:table-cell">{r.pattern ?? '—'}</TableCell>
            <TableCell>
              <Evidence r={r} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** Phones: one card per person, the status beside the address and the evidence under it. */
export function ResultsCardsView(p: ResultRowsProps) {
  if (p.loading) return <Skeleton className="m-3 h-24" />;
  if (p.rows.length === 0) return <p className="py-10 text-center text-muted-foreground">{p.emptyText}</p>;
  return (
    <ul className="divide-y" data-testid="find-results-cards">
      {p.rows.map((r) => (
        <li key={r.id} className="space-y-1.5 p-3">
          <div className="flex items-start justify-between gap-2">
            <div className="min-w-0">
              <p className="break-words text-sm font-semibold">{r.name}</p>
              <p className="break-all text-xs text-muted-foreground">{r.domain ?? r.company}</p>
            </div>
            <FindStatusBadge status={r.status} />
          </div>
          <Address r={r} />
          <div className="flex items-center justify-between gap-2">
            <ScoreMeter score={r.score} label={`Confidence for ${r.name}`} />
            <span className="font-mono text-xs">{r.pattern ?? ''}</span>
          </div>
          <Evidence r={r} />
        </li>
      ))}
    </ul>
  );
}
