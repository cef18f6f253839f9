import { useQuery } from '@tanstack/react-query';
import { Download, Loader2, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { campaignStatusLabel } from '../../../shared/smartlead';
import { errorMessage } from '../../lib/api';
import { toast } from '../../lib/toast';
import { Button } from '../../ui/button';
import { Checkbox } from '../../ui/checkbox';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../ui/dialog';
import { smartleadQueries, useImportCampaigns } from './api';

/**
 * Campaigns made in Smartlead's own app, imported on request (decision 0202): once here they show,
 * pause, resume, stop and edit like the others.
 */
export function ImportCampaignsDialog() {
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<number[]>([]);
  const importable = useQuery(smartleadQueries.importableCampaigns(open));
  const run = useImportCampaigns();
  const onImported = {
    onSuccess: (r: { imported: number }) => {
      toast({ title: `${r.imported} campaign${r.imported === 1 ? '' : 's'} imported`, variant: 'success' });
      setChosen([]);
      setOpen(false);
    },
    onError: (err: Error) =>
      toast({
        title: 'Nothing imported',
        description: errorMessage(err, 'Smartlead did not answer'),
        variant: 'destructive',
      }),
  };
  const list = importable.data ?? [];
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        // A failed import is not shown again the next time the dialog opens.
        if (!next) run.reset();
      }}
    >
      <DialogTrigger asChild>
        <Button variant="outline">
          <Download /> Import from Smartlead
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Import campaigns from Smartlead</DialogTitle>
          <DialogDescription>
            Campaigns made in Smartlead’s own app. Once imported they appear here with their leads and
            analytics, and you can pause, resume, stop and edit them.
          </DialogDescription>
        </DialogHeader>
        {importable.isLoading && <p className="text-sm text-muted-foreground">Asking Smartlead…</p>}
        {importable.isError && (
          <ImportFailure
            what="Smartlead could not be asked for your campaigns"
            message={errorMessage(importable.error, 'Smartlead did not answer')}
            retrying={importable.isFetching}
            onRetry={() => void importable.refetch()}
          />
        )}
        {importable.data && list.length === 0 && (
          <p className="text-sm text-muted-foreground">
            Every campaign of your Smartlead account is already here.
          </p>
        )}
        <ul className="flex flex-col gap-2" aria-label="Campaigns to import">
          {list.map((c) => (
            <li key={c.smartleadId}>
              <label className="flex items-center gap-2 text-sm">
                <Checkbox
                  checked={chosen.includes(c.smartleadId)}
                  onCheckedChange={(on) =>
                    setChosen(on ? [...chosen, c.smartleadId] : chosen.filter((x) => x !== c.smartleadId))
                  }
                  aria-label={`Import ${c.name}`}
                />
                <span className="font-medium">{c.name}</span>
                <span className="text-muted-foreground">· {campaignStatusLabel(c.status)}</span>
              </label>
            </li>
          ))}
        </ul>
        {run.isError && !run.isPending && (
          <ImportFailure
            what="Nothing was imported"
            message={errorMessage(run.error, 'Smartlead did not answer')}
            retrying={false}
            onRetry={() => run.mutate(chosen, onImported)}
          />
        )}
        {list.length > 0 && (
          <Button
            className="self-end"
            disabled={chosen.length === 0 || run.isPending}
            onClick={() => run.mutate(chosen, onImported)}
          >
            {run.isPending && <Loader2 className="animate-spin" />} Import {chosen.length || ''}
          </Button>
        )}
      </DialogContent>
    </Dialog>
  );
}

/**
 * Why asking Smartlead failed (an outage, its rate limit), with a Retry: both requests are safe to
 * repeat (the import skips campaigns already here).
 */
export function ImportFailure(p: { what: string; message: string; retrying: boolean; onRetry: () => void }) {
  return (
    <div role="alert" className="flex flex-col items-start gap-2 text-sm" data-testid="import-failure">
      <p className="text-destructive">
        {p.what}: {p.message}
      </p>
      <Button type="button" size="sm" variant="outline" disabled={p.retrying} onClick={p.onRetry}>
        {p.retrying ? <Loader2 className="animate-spin" /> : <RotateCcw />} Retry
      </Button>
    </div>
  );
}
