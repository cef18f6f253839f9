import { useQuery } from '@tanstack/react-query';
import { Bot, KeyRound, Loader2 } from 'lucide-react';
import { useState } from 'react';
import { API_SCOPES, type ApiScope } from '../../../shared/api-tokens';
import { assistantConfigs } from '../../../shared/mcp-configs';
import { failureToast } from '../../lib/toast';
import { Alert, AlertDescription, AlertTitle } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { CopyButton } from '../../ui/copy-button';
import { ScopePicker } from '../../ui/scope-picker';
import { ScrollRegion } from '../../ui/scroll-region';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../ui/tabs';
import { mcpQueries, useCreateAssistantToken } from './api';

/**
 * The server's address and, for each assistant, the configuration to paste. A token made here is filled
 * into every configuration (and shown once), so what is copied connects as it is.
 */
export function AssistantSetup() {
  const connections = useQuery(mcpQueries.connections());
  const [token, setToken] = useState<string | null>(null);
  // Everything an assistant can do is ticked; untick what this one should not (least privilege).
  const [scopes, setScopes] = useState<ApiScope[]>([...API_SCOPES]);
  const create = useCreateAssistantToken({
    onSuccess: (r) => setToken(r.token),
    onError: failureToast('Could not create a token'),
  });
  const serverUrl = connections.data?.serverUrl ?? `${window.location.origin}/mcp`;
  const configs = assistantConfigs(serverUrl, token ?? undefined);

  return (
    <Card>
      <CardHeader>
        <CardTitle>Connect an assistant</CardTitle>
        <CardDescription>
          Claude, ChatGPT, Cursor and VS Code can verify lists, find addresses, check your sending domains and
          send verified leads to Smartlead for you, through this MCP server.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-5">
        <div className="space-y-1.5">
          <p className="text-sm font-medium">Server URL</p>
          <div className="flex items-center gap-2">
            <code
              className="flex-1 break-all rounded bg-muted px-2 py-1.5 text-sm"
              data-testid="mcp-server-url"
            >
              {serverUrl}
            </code>
            <CopyButton text={serverUrl} size="sm" aria-label="Copy the server URL" />
          </div>
        </div>
        {token ? (
          <Alert variant="info">
            <KeyRound />
            <AlertTitle>Your assistant’s token is in the configurations below</AlertTitle>
            <AlertDescription>
              It is shown only now. Revoke it under Settings → API when you no longer use the assistant.
            </AlertDescription>
          </Alert>
        ) : (
          <div className="space-y-3">
            <ScopePicker value={scopes} onChange={setScopes} legend="What this assistant may do" />
            <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
              <Button
                onClick={() => create.mutate({ name: 'AI assistant', scopes })}
                disabled={create.isPending || scopes.length === 0}
              >
                {create.isPending ? <Loader2 className="animate-spin" /> : <KeyRound />} Create a token for an
                assistant
              </Button>
              <p className="text-sm text-muted-foreground">
                Claude Desktop, Cursor and VS Code sign in with an API token; ChatGPT and Claude connectors
                use OAuth.
              </p>
            </div>
            {scopes.length === 0 ? (
              <p className="text-sm text-destructive">Tick at least one thing the assistant may do.</p>
            ) : null}
          </div>
        )}
        <Tabs defaultValue="claude-desktop">
          <TabsList className="flex h-auto flex-wrap">
            {configs.map((c) => (
              <TabsTrigger key={c.id} value={c.id}>
                {c.name}
              </TabsTrigger>
            ))}
          </TabsList>
          {configs.map((c) => (
            <TabsContent key={c.id} value={c.id} className="space-y-2">
              <p className="text-sm text-muted-foreground">
                <Bot className="mr-1 inline size-4" aria-hidden /> {c.where}
              </p>
              <ScrollRegion label={`${c.name} configuration`} className="max-h-80 rounded bg-muted">
                <pre className="p-3 text-xs" data-testid={`config-${c.id}`}>
                  {c.text}
                </pre>
              </ScrollRegion>
              <CopyButton
                text={c.text}
                size="sm"
                aria-label={`Copy the ${c.name} ${c.format === 'json' ? 'configuration' : 'steps'}`}
              />
            </TabsContent>
          ))}
        </Tabs>
      </CardContent>
    </Card>
  );
}
