import { PageHeader } from '../components/PageHeader';
import { ApiKeyCard } from '../components/smartlead/ApiKeyCard';
import { useSmartleadSettings } from '../components/smartlead/api';
import { ConnectionStatusCard } from '../components/smartlead/ConnectionStatusCard';
import { Alert, AlertDescription } from '../components/ui/alert';
import { Skeleton } from '../components/ui/skeleton';
import { errorMessage } from '../lib/api';

// SPEC §2 API Settings: the key (masked once saved) and the connection status.
export default function SmartleadSettingsPage() {
  const settings = useSmartleadSettings();
  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader
        title="Smartlead API Settings"
        description="Connect your Smartlead account to send verified emails as campaigns"
      />
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
    </div>
  );
}
