import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound, Loader2, Pencil, PlugZap, Save, X } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  API_KEY_MASK,
  isMaskedKey,
  type SaveSettingsInput,
  type SmartleadSettings,
  saveSettingsSchema,
} from '../../../shared/smartlead';
import { errorMessage } from '../../lib/api';
import { toast } from '../../lib/toast';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { Input } from '../../ui/input';
import { Label } from '../../ui/label';
import { useSaveApiKey, useTestConnection } from './api';

// Not configured → enter and save → configured (masked, locked) → Change (clears, unlocks) →
// edit → save. An empty or still-masked value is never sent.
export function ApiKeyCard({ settings }: { settings: SmartleadSettings }) {
  const [changing, setChanging] = useState(false);
  const form = useForm<SaveSettingsInput>({
    resolver: zodResolver(saveSettingsSchema),
    defaultValues: { apiKey: '' },
  });
  const editing = !settings.hasApiKey || changing;
  const trimmed = form.watch('apiKey').trim();
  const error = form.formState.errors.apiKey?.message;

  const save = useSaveApiKey();
  const onSaved = {
    onSuccess: () => {
      setChanging(false);
      form.reset({ apiKey: '' });
      toast({
        title: 'API Key saved',
        description: 'Your Smartlead API key has been saved successfully.',
        variant: 'success',
      });
    },
    onError: (err: Error) =>
      toast({
        title: 'Failed to save API key',
        description: errorMessage(err, 'Failed to save API key'),
        variant: 'destructive',
      }),
  };

  const test = useTestConnection();
  const onTested = {
    onSuccess: () =>
      toast({
        title: 'Connection successful',
        description: 'Successfully connected to Smartlead API.',
        variant: 'success',
      }),
    onError: (err: Error) =>
      toast({
        title: 'Connection failed',
        description: errorMessage(err, 'Failed to test API key'),
        variant: 'destructive',
      }),
  };

  const onSubmit = form.handleSubmit(({ apiKey }) => {
    if (!save.isPending) save.mutate(apiKey, onSaved);
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <KeyRound className="size-5 text-primary" /> API Configuration
        </CardTitle>
        <CardDescription>
          Find your key in Smartlead under Settings → API. It is sent to our server once and never shown
          again.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} className="flex flex-col gap-4">
          <div className="flex flex-col gap-2">
            <Label htmlFor="smartlead-api-key">API Key</Label>
            <div className="flex gap-2">
              {editing ? (
                <Input
                  id="smartlead-api-key"
                  type="password"
                  autoComplete="off"
                  spellCheck={false}
                  placeholder="Paste your Smartlead API key"
                  autoFocus={changing}
                  className="font-mono"
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? 'smartlead-api-key-error' : undefined}
                  {...form.register('apiKey')}
                />
              ) : (
                <Input
                  id="smartlead-api-key"
                  type="password"
                  autoComplete="off"
                  value={API_KEY_MASK}
                  readOnly
                  disabled
                  className="font-mono"
                />
              )}
              {!editing && (
                <Button
                  type="button"
                  variant="outline"
                  onClick={() => {
                    form.reset({ apiKey: '' });
                    setChanging(true);
                  }}
                >
                  <Pencil /> Change
                </Button>
              )}
            </div>
            {error && (
              <p id="smartlead-api-key-error" className="text-xs font-medium text-destructive">
                {error}
              </p>
            )}
          </div>
          <div className="flex flex-wrap gap-2">
            {editing && (
              <Button type="submit" disabled={!trimmed || isMaskedKey(trimmed) || save.isPending}>
                {save.isPending ? <Loader2 className="animate-spin" /> : <Save />}
                Save API Key
              </Button>
            )}
            {changing && (
              <Button
                type="button"
                variant="ghost"
                onClick={() => setChanging(false)}
                disabled={save.isPending}
              >
                <X /> Cancel
              </Button>
            )}
            {!editing && (
              <Button
                type="button"
                variant="secondary"
                onClick={() => test.mutate(undefined, onTested)}
                disabled={test.isPending}
              >
                {test.isPending ? <Loader2 className="animate-spin" /> : <PlugZap />}
                {test.isPending ? 'Testing...' : 'Test Connection'}
              </Button>
            )}
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
