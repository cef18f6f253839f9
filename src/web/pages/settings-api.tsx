import { ApiTokensPanel } from '../features/api-tokens/ApiTokensPanel';
import { WebhooksCard } from '../features/webhooks/WebhooksCard';
import { PageHeader } from '../ui/PageHeader';

// Settings → API: personal tokens (the API and scripted downloads) and webhook endpoints, together
// because both are how other systems work with Verilead (decision 0400 moved webhooks off the usage screen).
export default function ApiSettingsPage() {
  return (
    <div className="space-y-6">
      <PageHeader
        title="API"
        description="Tokens for the API and for downloading cleaned CSV files from scripts, and webhooks that tell your systems when work finishes"
      />
      <ApiTokensPanel />
      <WebhooksCard />
    </div>
  );
}
