import { useQuery } from '@tanstack/react-query';
import { Download, Loader2, Sparkles } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import type { CleanedRow, CleanedType } from '../../../shared/scraper';
import { formatCount } from '../../lib/format';
import { toast } from '../../lib/toast';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../ui/dialog';
import { ScrollRegion } from '../../ui/scroll-region';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../ui/table';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../ui/tabs';
import { downloadCleaned, scraperQueries } from './api';

const TABS: { value: CleanedType; label: string; download: string }[] = [
  { value: 'partial', label: 'Partial', download: 'Partial CSV' },
  { value: 'full', label: 'Full Verification', download: 'Full CSV' },
  { value: 'cleaned', label: 'Cleaned', download: 'Cleaned CSV' },
];

function Stat({ label, value }: { label: string; value: number }) {
  return (
    <div className="rounded-lg border bg-muted/40 p-3">
      <p className="text-xs text-muted-foreground">{label}</p>
      <p className="text-2xl font-bold">{value}</p>
    </div>
  );
}

function Rows({ rows }: { rows: CleanedRow[] }) {
  if (!rows.length) {
    return (
      <p className="py-10 text-center text-sm text-muted-foreground">No data available in this category.</p>
    );
  }
  return (
    <ScrollRegion label="Cleaned profiles" className="h-[400px] rounded-lg border">
      <Table bare>
        <TableHeader className="sticky top-0 bg-card">
          <TableRow>
            <TableHead>Full Name</TableHead>
            <TableHead>Email</TableHead>
            <TableHead>Company</TableHead>
            <TableHead>Username</TableHead>
            <TableHead>Followers</TableHead>
            <TableHead>Status</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((r) => (
            <TableRow key={r.username}>
              <TableCell>
                <span className="font-medium">{r.cleanedFullName || '—'}</span>
                {r.fullName && r.fullName !== r.cleanedFullName && (
                  <span className="block max-w-[180px] truncate text-xs text-muted-foreground">
                    {r.fullName}
                  </span>
                )}
              </TableCell>
              <TableCell className="font-mono text-xs">{r.cleanedEmail || '—'}</TableCell>
              <TableCell>{r.cleanedCompany || '—'}</TableCell>
              <TableCell>@{r.username}</TableCell>
              <TableCell>{r.followersCount === null ? '—' : formatCount(r.followersCount)}</TableCell>
              <TableCell>
                {r.isComplete ? (
                  <Badge variant="success">Complete</Badge>
                ) : (
                  <Badge variant="warning">Partial</Badge>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </ScrollRegion>
  );
}

/** AI Data Cleaning: stats, Partial / Full Verification / Cleaned tabs, server CSVs. */
export function CleanDataDialog(props: {
  jobId: string | null;
  open: boolean;
  onOpenChange: (o: boolean) => void;
}) {
  const [tab, setTab] = useState<CleanedType>('cleaned');
  const [downloading, setDownloading] = useState<CleanedType | null>(null);
  const query = useQuery(scraperQueries.cleanExport(props.jobId, props.open));
  useEffect(() => {
    if (query.isError)
      toast({ title: 'Error', description: 'Failed to load cleaned data', variant: 'destructive' });
  }, [query.isError]);

  const download = async (type: CleanedType) => {
    if (!props.jobId) return;
    setDownloading(type);
    try {
      await downloadCleaned(props.jobId, type);
    } catch {
      toast({ title: 'Download failed', description: 'Failed to download CSV file', variant: 'destructive' });
    } finally {
      setDownloading(null);
    }
  };
  const data = query.data;

  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange}>
      <DialogContent className="max-w-5xl">
        <DialogHeader>
          <DialogTitle className="flex items-center gap-2">
            <Sparkles className="size-5 text-indigo-600" /> AI Data Cleaning
          </DialogTitle>
          <DialogDescription>
            Names split from company names, companies simplified, decorations removed.
            {data &&
              (data.cleanedBy === 'model' ? ' Cleaned by the AI model.' : ' Cleaned by built-in rules.')}
          </DialogDescription>
        </DialogHeader>
        {query.isLoading && (
          <div className="flex items-center justify-center gap-2 py-16 text-sm text-muted-foreground">
            <Loader2 className="size-4 animate-spin" /> Cleaning data...
          </div>
        )}
        {!query.isLoading && !data && (
          <p className="py-16 text-center text-sm text-muted-foreground">No data available</p>
        )}
        {data && (
          <>
            <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
              <Stat label="Total Profiles" value={data.stats.totalProfiles} />
              <Stat label="With Email" value={data.stats.withEmail} />
              <Stat label="Partial Data" value={data.stats.partialData} />
              <Stat label="Full Data" value={data.stats.fullData} />
            </div>
            <Tabs value={tab} onValueChange={(v) => setTab(v as CleanedType)}>
              <TabsList>
                {TABS.map((t) => (
                  <TabsTrigger key={t.value} value={t.value}>
                    {t.label} ({data[t.value].length})
                  </TabsTrigger>
                ))}
              </TabsList>
              {TABS.map((t) => (
                <TabsContent key={t.value} value={t.value} className="space-y-3">
                  <div className="flex items-center justify-between gap-2">
                    <p className="text-xs text-muted-foreground">
                      Scripts can fetch this file with a{' '}
                      <Link
                        href="/settings/api"
                        className="font-medium text-indigo-700 underline underline-offset-2"
                      >
                        personal API token
                      </Link>
                      .
                    </p>
                    <Button
                      size="sm"
                      variant="outline"
                      onClick={() => download(t.value)}
                      disabled={downloading !== null}
                    >
                      {downloading === t.value ? <Loader2 className="animate-spin" /> : <Download />}
                      {t.download}
                    </Button>
                  </div>
                  <Rows rows={data[t.value]} />
                </TabsContent>
              ))}
            </Tabs>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
