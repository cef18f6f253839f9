import { Download } from 'lucide-react';
import type { ExportType } from '../../../shared/lists';
import { Button } from '../ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../ui/dropdown-menu';

const ITEMS: [ExportType, string][] = [
  ['valid', 'Valid emails'],
  ['all', 'All emails'],
  ['invalid', 'Invalid emails'],
];

export function exportUrl(uploadId: string, type: ExportType): string {
  return `/api/upload/${uploadId}/export?type=${type}`;
}

/** SPEC §7: each export opens in a new tab (the server streams the CSV as an attachment). */
export function ExportMenu({ uploadId }: { uploadId: string }) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline">
          <Download /> Export
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        {ITEMS.map(([type, label]) => (
          <DropdownMenuItem key={type} onSelect={() => window.open(exportUrl(uploadId, type), '_blank')}>
            {label}
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
