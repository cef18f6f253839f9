import { Download } from 'lucide-react';
import type { ExportType, UploadStats } from '../../../shared/lists';
import { toast } from '../../lib/toast';
import { Button } from '../../ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../ui/dropdown-menu';

const ITEMS: [ExportType, string][] = [
  ['valid', 'Valid emails'],
  ['all', 'All emails'],
  ['invalid', 'Invalid emails'],
];

export function exportUrl(uploadId: string, type: ExportType, minScore?: number | null): string {
  const score = minScore == null ? '' : `&minScore=${minScore}`;
  return `/api/upload/${uploadId}/export?type=${type}${score}`;
}

/** Why an export would hold no rows, or null when it has some. */
export function emptyExportReason(stats: UploadStats, type: ExportType, stopped = false): string | null {
  if (type === 'all') return stats.total === 0 ? 'This list has no emails.' : null;
  if (stats[type] > 0) return null;
  if (stats.pending > 0 && stopped)
    return `No ${type} emails: the verification was stopped before ${stats.pending.toLocaleString()} were checked. Resume it to check them.`;
  if (stats.pending > 0)
    return `No ${type} emails yet: ${stats.pending.toLocaleString()} are still waiting to be checked.`;
  return type === 'valid'
    ? 'None of the emails in this list is valid. The Risky filter shows addresses that might still work.'
    : 'No email in this list is invalid.';
}

/**
 * Each export opens in a new tab (the server streams the CSV as an attachment). An export with
 * no rows is not downloaded as a header-only file: the user is told why instead.
 */
export function openExport(uploadId: string, type: ExportType, stats: UploadStats, stopped = false) {
  const empty = emptyExportReason(stats, type, stopped);
  if (empty) {
    toast({ title: `Nothing to export`, description: empty });
    return;
  }
  window.open(exportUrl(uploadId, type), '_blank');
}

export function ExportMenu({
  uploadId,
  stats,
  stopped = false,
  minScore = null,
  scoredRows = null,
}: {
  uploadId: string;
  stats: UploadStats;
  /** The run was stopped: rows without a verdict are not waiting for anything. */
  stopped?: boolean;
  /** The results screen's score filter: the menu then offers the rows scoring at least that. */
  minScore?: number | null;
  /** How many rows pass that filter (the results count), to say so rather than download nothing. */
  scoredRows?: number | null;
}) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline">
          <Download /> Export
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        {minScore !== null && (
          <DropdownMenuItem
            onSelect={() => {
              if (scoredRows === 0) {
                toast({ title: 'Nothing to export', description: `No email scores ${minScore} or more.` });
                return;
              }
              window.open(exportUrl(uploadId, 'all', minScore), '_blank');
            }}
          >
            Emails with score ≥ {minScore}
          </DropdownMenuItem>
        )}
        {ITEMS.map(([type, label]) => (
          <DropdownMenuItem key={type} onSelect={() => openExport(uploadId, type, stats, stopped)}>
            {label}
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
