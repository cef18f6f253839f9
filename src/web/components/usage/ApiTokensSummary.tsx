import { useQuery } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import { Link } from 'wouter';
import { API_RULE } from '../../../shared/plans';
import { apiTokenQueries, tokenTime } from '../api-tokens/api';
import { Badge } from '../ui/badge';
import { Button } from '../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../ui/card';
import { Skeleton } from '../ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../ui/table';

/** The account's API tokens at a glance; creating and revoking lives on the API tokens screen. */
export function ApiTokensSummary({ apiAccess }: { apiAccess: boolean }) {
  const tokens = useQuery(apiTokenQueries.list());
  return (
    <Card>
      <CardHeader className="flex flex-row items-start justify-between gap-4 space-y-0">
        <div>
          <CardTitle>API tokens</CardTitle>
          <CardDescription>
            {apiAccess
              ? 'Use a token as Authorization: Bearer … with the API at /api/v1 (documented in /api/openapi.json).'
              : `${API_RULE} Tokens still download cleaned scraper CSV files.`}
          </CardDescription>
        </div>
        <Button asChild size="sm" variant="outline">
          <Link href="/settings/api-tokens">
            <KeyRound /> Manage tokens
          </Link>
        </Button>
      </CardHeader>
      <CardContent>
        {tokens.isLoading ? (
          <Skeleton className="h-16 w-full" />
        ) : tokens.isError ? (
          <p className="text-sm text-destructive">Could not load your tokens.</p>
        ) : !tokens.data?.length ? (
          <p className="text-sm text-muted-foreground">No tokens yet.</p>
        ) : (
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Name</TableHead>
                <TableHead>Scopes</TableHead>
                <TableHead>Last used</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {tokens.data.map((t) => (
                <TableRow key={t.id}>
                  <TableCell className="font-medium">{t.name}</TableCell>
                  <TableCell className="space-x-1">
                    {t.scopes.map((s) => (
                      <Badge key={s} variant="outline">
                        {s}
                      </Badge>
                    ))}
                  </TableCell>
                  <TableCell className="text-muted-foreground">{tokenTime(t.lastUsedAt)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}
