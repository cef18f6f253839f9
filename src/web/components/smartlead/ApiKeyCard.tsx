import { useMutation, useQueryClient } from '@tanstack/react-query';
import { KeyRound, Loader2, Pencil, PlugZap, Save, X } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { API_KEY_MASK, isMaskedKey, type SmartleadSettings } from '../../../shared/smartlead';
import { toast } from '../../hooks/use-toast';
import { apiRequest, errorMessage } from '../../lib/api';
import { Button } from '../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../ui/card';
import { Input } from '../ui/input';
import { Label } from '../ui/label';
import { SETTINGS_KEY } from './api';

// SPEC §2/§4: not configured → enter and save → configured (masked, locked) → Change (clears, unlocks) →
// edit → save. An empty or still-masked value is never sent.
export function ApiKeyCard({ settings }: { settings: SmartleadSettings }) {
  const queryClient = useQueryClient();
  const [changing, setChanging] = useState(false);
  const [value, setValue] = useState('');
  const editing = !settings.hasApiKey || changing;
  const trimmed = value.trim();

  const save = useMutation({
    mutationFn: async (apiKey: string) =>
      (await (await apiRequest('POST', '/api/smartlead/settings', { apiKey })).json()) as SmartleadSettings,
    onSuccess: (next) => {
      queryClient.setQueryData(SETTINGS_KEY, next);
      void queryClient.invalidateQueries({ queryKey: ['/api/smartlead/campaigns'] });
      setChanging(false);
      setValue('');
      toast({
        title: 'API Key saved',
        description: 'Your Smartlead API key has been saved successfully.',
        variant: 'success',
      });
    },
    onError: (err) =>
      toast({
        title: 'Failed to save API key',
        description: errorMessage(err, 'Failed to save API key'),
        variant: 'destructive',
      }),
  });

  const test = useMutation({
    mutationFn: async () =>
      (await (await apiRequest('POST', '/api/smartlead/test')).json()) as SmartleadSettings,
    onSuccess: (next) => {
      queryClient.setQueryData(SETTINGS_KEY, {
        hasApiKey: next.hasApiKey,
        lastTested: next.lastTested,
        accountInfo: next.accountInfo,
      });
      toast({
        title: 'Connection successful',
        description: 'Successfully connected to Smartlead API.',
        variant: 'success',
      });
    },
    onError: (err) =>
      toast({
        title: 'Connection failed',
        description: errorMessage(err, 'Failed to test API key'),
        variant: 'destructive',
      }),
  });

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!trimmed || isMaskedKey(trimmed) || save.isPending) return;
    save.mutate(trimmed);
  };

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
              <Input
                id="smartlead-api-key"
                type="password"
                autoComplete="off"
                spellCheck={false}
                placeholder={editing ? 'Paste your Smartlead API key' : undefined}
                value={editing ? value : API_KEY_MASK}
                readOnly={!editing}
                disabled={!editing}
                onChange={(e) => setValue(e.target.value)}
                autoFocus={changing}
                className="font-mono"
              />
              {!editing && (
                <Button
                  type="button"
                  variant="outline"
                  onClick={() => {
                    setValue('');
                    setChanging(true);
                  }}
                >
                  <Pencil /> Change
                </Button>
              )}
            </div>
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
                onClick={() => test.mutate()}
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
