import { useQuery } from '@tanstack/react-query';
import { ApiKeyCard } from '../features/smartlead/ApiKeyCard';
import { smartleadQueries } from '../features/smartlead/api';
import { ConnectionStatusCard } from '../features/smartlead/ConnectionStatusCard';
import { errorMessage } from '../lib/api';
import { useBranding } from '../lib/use-branding';
import { Alert, AlertDescription } from '../ui/alert';
import { PageHeader } from '../ui/PageHeader';
import { Skeleton } from '../ui/skeleton';

// Settings → Integrations: the services Verilead connects to. Today Smartlead: its key (masked once
// saved) and the connection status ("API Settings", moved here by decision 0400).
export default function IntegrationsPage() {
  const settings = useQuery(smartleadQueries.settings());
  const { productName } = useBranding();
  return (
    <div className="mx-auto max-w-5xl space-y-4">
      <PageHeader title="Integrations" description={`Services ${productName} connects to on your behalf`} />
      <section aria-labelledby="smartlead-heading" className="space-y-4">
        <div>
          <h2 id="smartlead-heading" className="text-lg font-semibold">
            Smartlead
          </h2>
          <p className="text-sm text-muted-foreground">
            Connect your Smartlead account to send verified emails as campaigns.
          </p>
        </div>
        {settings.isLoading && (
          <div className="grid gap-6 lg:grid-cols-2">
            <Skeleton className="h-64" />
            <Skeleton className="h-64" />
          </div>
        )}
        {settings.isError && (
          <Alert variant="destructive">
            <AlertDescription>{errorMessage(settings.error, 'Failed to load settings')}</AlertDescription>
          </Alert>
        )}
        {settings.data && (
          <div className="grid gap-6 lg:grid-cols-2">
            <ApiKeyCard settings={settings.data} />
            <ConnectionStatusCard settings={settings.data} />
          </div>
        )}
      </section>
    </div>
  );
}
