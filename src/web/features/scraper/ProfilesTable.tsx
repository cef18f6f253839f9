import { ExternalLink, Loader2 } from 'lucide-react';
import type { JobProfile } from '../../../shared/scraper';
import { formatCount } from '../../lib/format';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { ScrollRegion } from '../../ui/scroll-region';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../ui/table';

const pending = (p: JobProfile) => p.fullStatus === 'queued' || p.fullStatus === 'running';

/** Partial / Complete, or the state of a background Get Full (its failure says why). */
function FullStatus({ p }: { p: JobProfile }) {
  if (p.profileScraped) return <Badge variant="success">Complete</Badge>;
  if (pending(p))
    return (
      <Badge variant="info">
        <Loader2 className="size-3 animate-spin" aria-hidden="true" />
        {p.fullStatus === 'queued' ? 'Queued' : 'Getting full profile'}
      </Badge>
    );
  return (
    <span className="flex flex-col items-start gap-1">
      <Badge variant="warning">Partial</Badge>
      {p.fullStatus === 'failed' && (
        <span className="text-xs text-destructive">{p.fullMessage || 'Get Full failed'}</span>
      )}
    </span>
  );
}

/** The profiles of one job, in a 400 px scrolling area. */
export function ProfilesTable(props: { profiles: JobProfile[]; onGetFull: (p: JobProfile) => void }) {
  return (
    <ScrollRegion label="Profiles" className="h-[400px] rounded-lg border" data-testid="profiles-table">
      <Table bare>
        <TableHeader className="sticky top-0 z-10 bg-card">
          <TableRow>
            <TableHead>Profile</TableHead>
            <TableHead>Name</TableHead>
            <TableHead>Bio</TableHead>
            <TableHead>Followers</TableHead>
            <TableHead>Email</TableHead>
            <TableHead>Status</TableHead>
            <TableHead className="text-right">Action</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {props.profiles.map((p) => (
            <TableRow key={p.username}>
              <TableCell>
                <a
                  href={p.url || p.instagramUrl}
                  target="_blank"
                  rel="noreferrer noopener"
                  className="inline-flex items-center gap-1 font-medium text-indigo-700 hover:underline"
                >
                  @{p.username} <ExternalLink className="size-3" />
                </a>
              </TableCell>
              <TableCell className="max-w-[160px] truncate">{p.fullName || p.name || '—'}</TableCell>
              <TableCell className="max-w-[260px]">
                <span className="line-clamp-2 text-xs text-muted-foreground" title={p.bio}>
                  {p.bio || '—'}
                </span>
              </TableCell>
              <TableCell>{p.followersCount === null ? '—' : formatCount(p.followersCount)}</TableCell>
              <TableCell className="font-mono text-xs">
                {p.email || <span className="text-muted-foreground">—</span>}
              </TableCell>
              <TableCell>
                <FullStatus p={p} />
              </TableCell>
              <TableCell className="text-right">
                <Button
                  size="sm"
                  variant="outline"
                  disabled={p.profileScraped || pending(p)}
                  onClick={() => props.onGetFull(p)}
                >
                  {pending(p) && <Loader2 className="animate-spin" />}
                  Get Full
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </ScrollRegion>
  );
}
