import { ExternalLink } from 'lucide-react';
import type { InvoiceSummary } from '../../../shared/billing';
import { formatDay, formatMoney } from '../../lib/format';
import { Badge } from '../../ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../ui/table';

/** Past invoices, each opening Stripe's hosted invoice page (pay an open one, or download the PDF there). */
export function InvoicesCard({ invoices }: { invoices: InvoiceSummary[] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Invoices</CardTitle>
        <CardDescription>Every invoice opens on Stripe, where you can pay or download it.</CardDescription>
      </CardHeader>
      <CardContent>
        {invoices.length === 0 ? (
          <p className="text-sm text-muted-foreground">No invoices yet.</p>
        ) : (
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Date</TableHead>
                <TableHead>Number</TableHead>
                <TableHead>Amount</TableHead>
                <TableHead>Status</TableHead>
                <TableHead>
                  <span className="sr-only">Link</span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {invoices.map((i) => (
                <TableRow key={i.id}>
                  <TableCell>{formatDay(i.created)}</TableCell>
                  <TableCell>{i.number ?? '—'}</TableCell>
                  <TableCell>{formatMoney(i.total)}</TableCell>
                  <TableCell>
                    <Badge
                      variant={
                        i.status === 'paid' ? 'success' : i.status === 'open' ? 'warning' : 'secondary'
                      }
                    >
                      {i.status ?? 'unknown'}
                    </Badge>
                  </TableCell>
                  <TableCell>
                    {i.hostedInvoiceUrl && (
                      <a
                        href={i.hostedInvoiceUrl}
                        target="_blank"
                        rel="noreferrer"
                        className="inline-flex items-center gap-1 text-primary underline-offset-4 hover:underline"
                      >
                        View<span className="sr-only"> invoice {i.number}</span>
                        <ExternalLink className="size-3.5" aria-hidden="true" />
                      </a>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}
