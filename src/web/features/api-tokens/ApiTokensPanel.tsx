import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { KeyRound, Loader2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  API_SCOPES,
  type ApiToken,
  type CreateApiTokenInput,
  createApiTokenSchema,
} from '../../../shared/api-tokens';
import { failureToast, toast } from '../../lib/toast';
import { AccessTable } from '../../ui/access-table';
import { Alert, AlertDescription, AlertTitle } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { CopyButton } from '../../ui/copy-button';
import { Input } from '../../ui/input';
import { Label } from '../../ui/label';
import { ScopePicker } from '../../ui/scope-picker';
import { ApiAccessNote } from './ApiAccessNote';
import { apiTokenQueries, useCreateApiToken, useRevokeApiToken } from './api';

/** Personal API tokens (bearer) for the API and scripted downloads. The secret is shown once. */
export function ApiTokensPanel() {
  const form = useForm<CreateApiTokenInput>({
    resolver: zodResolver(createApiTokenSchema),
    defaultValues: { name: '', scopes: [...API_SCOPES] },
  });
  const name = form.watch('name');
  const scopes = form.watch('scopes') ?? [];
  const [created, setCreated] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<ApiToken | null>(null);
  const tokens = useQuery(apiTokenQueries.list());

  const create = useCreateApiToken({
    onSuccess: (r) => {
      setCreated(r.token);
      form.setValue('name', '');
    },
    onError: failureToast('Could not create token'),
  });
  const revoke = useRevokeApiToken({
    onSuccess: () => {
      setRevoking(null);
      toast({ title: 'Token revoked', description: 'Scripts using it can no longer download files.' });
    },
    onError: failureToast('Could not revoke token'),
  });

  const submit = form.handleSubmit((input) => create.mutate(input));

  return (
    <div className="space-y-6">
      <Card>
        <CardHeader>
          <CardTitle>Create a token</CardTitle>
          <CardDescription>
            Your scripts send it as <code>Authorization: Bearer &lt;token&gt;</code>: to the API (see the{' '}
            <a className="underline" href="/api/openapi.json">
              API reference
            </a>
            ) and to download the cleaned CSV files of your Instagram scrapes.
          </CardDescription>
          <ApiAccessNote />
        </CardHeader>
        <CardContent className="space-y-4">
          <form onSubmit={submit} className="flex flex-col gap-3 sm:flex-row sm:items-end">
            <div className="flex-1 space-y-1.5">
              <Label htmlFor="token-name">Token name</Label>
              <Input
                id="token-name"
                maxLength={80}
                placeholder="e.g. Zapier export"
                {...form.register('name')}
              />
            </div>
            <Button type="submit" disabled={!name.trim() || !scopes.length || create.isPending}>
              {create.isPending ? <Loader2 className="animate-spin" /> : <KeyRound />} Create token
            </Button>
          </form>
          <ScopePicker value={scopes} onChange={(next) => form.setValue('scopes', next)} />
          {created && (
            <Alert variant="info">
              <KeyRound />
              <AlertTitle>Copy your token now: it is shown only once</AlertTitle>
              <AlertDescription className="mt-2 flex flex-col gap-2 sm:flex-row sm:items-center">
                <code className="flex-1 break-all rounded bg-white px-2 py-1 text-xs" data-testid="new-token">
                  {created}
                </code>
                <CopyButton key={created} text={created} size="sm" />
              </AlertDescription>
            </Alert>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Your tokens</CardTitle>
        </CardHeader>
        <CardContent>
          {tokens.isLoading ? (
            <Loader2 className="mx-auto size-5 animate-spin text-muted-foreground" />
          ) : !tokens.data?.length ? (
            <p className="py-6 text-center text-sm text-muted-foreground">No tokens yet.</p>
          ) : (
            <AccessTable
              rows={tokens.data}
              headings={{ name: 'Name', created: 'Created' }}
              onRevoke={setRevoking}
            />
          )}
        </CardContent>
      </Card>
      <ConfirmDialog
        open={revoking !== null}
        onClose={() => setRevoking(null)}
        title={`Revoke “${revoking?.name ?? ''}”?`}
        description="Scripts using this token will stop working immediately."
        confirm="Revoke"
        busy={revoke.isPending}
        onConfirm={() => revoking && revoke.mutate(revoking.id)}
      />
    </div>
  );
}
