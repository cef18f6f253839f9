import { Trash2 } from 'lucide-react';
import { formatDateTime } from '../lib/format';
import { Button } from './button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from './table';

/** One access granted to the workspace: an API token, or an assistant connected with OAuth. */
export interface AccessRow {
  id: string;
  name: string;
  scopes: string[];
  createdAt: string;
  lastUsedAt: string | null;
}

const when = (iso: string | null) => (iso ? formatDateTime(iso) : 'Never');

/**
 * The accesses granted to the workspace, each with what it may do, when it was made and last used, and
 * a Revoke button (API tokens and connected assistants are listed alike).
 */
export function AccessTable<R extends AccessRow>(props: {
  rows: R[];
  /** Headings of the name and creation columns ("Name", "Created"; "Assistant", "Connected"). */
  headings: { name: string; created: string };
  onRevoke: (row: R) => void;
  rowTestId?: string;
}) {
  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead>{props.headings.name}</TableHead>
          <TableHead>Scopes</TableHead>
          <TableHead>{props.headings.created}</TableHead>
          <TableHead>Last used</TableHead>
          <TableHead className="text-right">Action</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {props.rows.map((row) => (
          <TableRow key={row.id} data-testid={props.rowTestId}>
            <TableCell className="font-medium">{row.name}</TableCell>
            <TableCell className="font-mono text-xs">{row.scopes.join(', ')}</TableCell>
            <TableCell>{when(row.createdAt)}</TableCell>
            <TableCell>{when(row.lastUsedAt)}</TableCell>
            <TableCell className="text-right">
              <Button size="sm" variant="outline" onClick={() => props.onRevoke(row)}>
                <Trash2 /> Revoke
              </Button>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
