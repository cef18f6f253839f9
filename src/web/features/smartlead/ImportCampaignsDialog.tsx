import { Download, Loader2 } from 'lucide-react';
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
import { useImportableCampaigns, useImportCampaigns } from './api';

/**
 * Campaigns made in Smartlead's own app, imported on request (decision 0202): once here they show,
 * pause, resume, stop and edit like the others.
 */
export function ImportCampaignsDialog() {
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<number[]>([]);
  const importable = useImportableCampaigns(open);
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
    <Dialog open={open} onOpenChange={setOpen}>
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
          <p className="text-sm text-destructive">
            {errorMessage(importable.error, 'Smartlead could not be asked')}
          </p>
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
