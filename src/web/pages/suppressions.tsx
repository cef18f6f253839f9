import { useQuery } from '@tanstack/react-query';
import { Loader2, ShieldBan, Trash2 } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import { type Suppression, suppressionReasonLabels } from '../../shared/suppressions';
import { suppressionQueries, useRemoveSuppression } from '../features/suppressions/api';
import { SuppressionForms } from '../features/suppressions/SuppressionForms';
import { errorMessage } from '../lib/api';
import { formatDay } from '../lib/format';
import { failureToast, toast } from '../lib/toast';
import { Alert, AlertDescription, AlertTitle } from '../ui/alert';
import { Button } from '../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../ui/card';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { Input } from '../ui/input';
import { Label } from '../ui/label';
import { PageHeader } from '../ui/PageHeader';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../ui/table';

/**
 * The workspace's suppression list: addresses never sent to Smartlead again (bounces and unsubscribes
 * from campaigns, and addresses added by hand or imported).
 */
export default function SuppressionsPage() {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const term = useDeferredValue(search.trim());
  const list = useQuery(suppressionQueries.page(page, term));
  const [removing, setRemoving] = useState<Suppression | null>(null);
  const remove = useRemoveSuppression({
    onSuccess: () => {
      toast({ title: 'Removed from the list', description: 'This address may be sent to again.' });
      setRemoving(null);
    },
    onError: failureToast('Could not remove the address'),
  });
  const data = list.data;

  return (
    <div className="space-y-6">
      <PageHeader
        title="Suppression List"
        description="Addresses that are never sent to Smartlead again: bounces and unsubscribes from your campaigns, and the ones you add"
      />
      <Card>
        <CardHeader>
          <CardTitle>Add addresses</CardTitle>
          <CardDescription>
            Add one address, or import a CSV file (the first cell of each row that looks like an email address
            is used).
          </CardDescription>
        </CardHeader>
        <CardContent>
          <SuppressionForms />
        </CardContent>
      </Card>
      <Card>
        <CardHeader className="gap-3 sm:flex-row sm:items-end sm:justify-between">
          <div>
            <CardTitle>Suppressed addresses</CardTitle>
            <CardDescription>{data ? `${data.total.toLocaleString()} in total` : ' '}</CardDescription>
          </div>
          <div className="space-y-1.5 sm:w-64">
            <Label htmlFor="suppress-search">Search</Label>
            <Input
              id="suppress-search"
              type="search"
              placeholder="Address starts with…"
              value={search}
              onChange={(e) => {
                setSearch(e.target.value);
                setPage(1);
              }}
            />
          </div>
        </CardHeader>
        <CardContent>
          {list.isLoading ? (
            <Loader2 className="mx-auto size-5 animate-spin text-muted-foreground" aria-label="Loading" />
          ) : list.isError ? (
            <Alert variant="destructive">
              <AlertTitle>The list could not be loaded</AlertTitle>
              <AlertDescription>
                {errorMessage(list.error, 'Please try again.')}{' '}
                <Button variant="link" className="h-auto p-0" onClick={() => list.refetch()}>
                  Try again
                </Button>
              </AlertDescription>
            </Alert>
          ) : !data?.items.length ? (
            <div className="flex flex-col items-center gap-2 py-8 text-center text-sm text-muted-foreground">
              <ShieldBan className="size-6" aria-hidden />
              {term ? 'No suppressed address starts with that.' : 'No address is suppressed yet.'}
            </div>
          ) : (
            <>
              <div className="overflow-x-auto">
                <Table>
                  <TableHeader>
                    <TableRow>
                      <TableHead>Email</TableHead>
                      <TableHead>Why</TableHead>
                      <TableHead className="hidden sm:table-cell">Since</TableHead>
                      <TableHead>
                        <span className="sr-only">Actions</span>
                      </TableHead>
                    </TableRow>
                  </TableHeader>
                  <TableBody>
                    {data.items.map((s) => (
                      <TableRow key={s.email} data-testid="suppression-row">
                        <TableCell className="break-all font-medium">{s.email}</TableCell>
                        <TableCell>{suppressionReasonLabels[s.reason]}</TableCell>
                        <TableCell className="hidden sm:table-cell">{formatDay(s.createdAt)}</TableCell>
                        <TableCell className="text-right">
                          <Button
                            variant="ghost"
                            size="icon"
                            aria-label={`Remove ${s.email} from the list`}
                            onClick={() => setRemoving(s)}
                          >
                            <Trash2 />
                          </Button>
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </div>
              {data.totalPages > 1 && (
                <nav className="mt-4 flex items-center justify-between text-sm" aria-label="Pages">
                  <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                    Previous
                  </Button>
                  <span>
                    Page {data.page} of {data.totalPages}
                  </span>
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={page >= data.totalPages}
                    onClick={() => setPage(page + 1)}
                  >
                    Next
                  </Button>
                </nav>
              )}
            </>
          )}
        </CardContent>
      </Card>
      <ConfirmDialog
        open={removing !== null}
        onClose={() => setRemoving(null)}
        title="Remove from the suppression list?"
        description={`${removing?.email ?? ''} may then be sent to Smartlead again.`}
        confirm="Remove"
        busy={remove.isPending}
        onConfirm={() => removing && remove.mutate(removing.email)}
      />
    </div>
  );
}
