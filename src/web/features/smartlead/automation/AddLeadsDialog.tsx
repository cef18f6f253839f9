import { useQuery } from '@tanstack/react-query';
import { Loader2, UserPlus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { Button } from '../../../ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../../ui/dialog';
import { Skeleton } from '../../../ui/skeleton';
import { smartleadQueries } from '../api';
import { EmailPicker } from '../EmailPicker';
import { namedSelection } from '../selection';
import { useAddLeads } from './api';

/** More leads for a running campaign, picked from the user's verified lists (valid rows only). */
export function AddLeadsDialog({ campaignId }: { campaignId: string }) {
  const [open, setOpen] = useState(false);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [busy, setBusy] = useState(false);
  const verified = useQuery(smartleadQueries.verifiedEmails(open));
  const add = useAddLeads(campaignId, (added) => {
    toast({
      title: 'Leads added',
      description: `${added.toLocaleString()} leads are being added to the campaign.`,
      variant: 'success',
    });
    setOpen(false);
    setSelected(new Set());
  });
  const groups = useMemo(
    () =>
      (verified.data?.groups ?? [])
        .map((g) => ({ ...g, emails: g.emails.filter((e) => e.status === 'valid') }))
        .filter((g) => g.emails.length > 0),
    [verified.data],
  );

  const submit = async () => {
    setBusy(true);
    try {
      // Valid rows only (the groups offered): the server builds the leads from the rows named.
      await add.mutateAsync(namedSelection(groups, selected));
    } catch (err) {
      toast({
        title: 'Could not add leads',
        description: errorMessage(err, 'Please try again.'),
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline">
          <UserPlus /> Add leads
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-3xl">
        <DialogHeader>
          <DialogTitle>Add leads from a verified list</DialogTitle>
          <DialogDescription>Addresses already in the campaign are skipped by Smartlead.</DialogDescription>
        </DialogHeader>
        {verified.isLoading ? (
          <Skeleton className="h-[500px]" />
        ) : (
          <EmailPicker
            groups={groups}
            total={groups.reduce((n, g) => n + g.emails.length, 0)}
            selected={selected}
            onSelectedChange={setSelected}
          />
        )}
        <DialogFooter>
          <Button onClick={() => void submit()} disabled={busy || selected.size === 0}>
            {busy ? <Loader2 className="animate-spin" /> : <UserPlus />} Add {selected.size.toLocaleString()}{' '}
            leads
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
