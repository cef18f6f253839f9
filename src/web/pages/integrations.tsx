import { PageHeader } from '../components/PageHeader';
import { ApiKeyCard } from '../components/smartlead/ApiKeyCard';
import { useSmartleadSettings } from '../components/smartlead/api';
import { ConnectionStatusCard } from '../components/smartlead/ConnectionStatusCard';
import { Alert, AlertDescription } from '../components/ui/alert';
import { Skeleton } from '../components/ui/skeleton';
import { useBranding } from '../hooks/use-branding';
import { errorMessage } from '../lib/api';

// Settings → Integrations: the services Verilead connects to. Today Smartlead: its key (masked once
// saved) and the connection status (SPEC §2 "API Settings", moved here by issue 27).
export default function IntegrationsPage() {
  const settings = useSmartleadSettings();
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
