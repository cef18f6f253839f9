import { useQuery } from '@tanstack/react-query';
import { Lock, RefreshCw } from 'lucide-react';
import { brandingQueries } from '../features/branding/api';
import { BrandingForm } from '../features/branding/BrandingForm';
import { DomainCard } from '../features/branding/DomainCard';
import { LogoCard } from '../features/branding/LogoCard';
import { errorMessage } from '../lib/api';
import { Alert, AlertDescription, AlertTitle } from '../ui/alert';
import { Button } from '../ui/button';
import { PageHeader } from '../ui/PageHeader';
import { PageSkeleton } from '../ui/PageSkeleton';

/** White Label branding: name, logo, colour, support address and a custom domain. */
export default function BrandingPage() {
  const settings = useQuery(brandingQueries.settings());
  const header = (
    <PageHeader
      title="Branding"
      description="Your product name, logo and colour in the app, on the sign-in page and on your own domain"
    />
  );
  if (settings.isLoading) {
    return (
      <div>
        {header}
        <PageSkeleton />
      </div>
    );
  }
  if (settings.error || !settings.data) {
    return (
      <div>
        {header}
        <Alert variant="destructive">
          <AlertTitle>Could not load the branding settings</AlertTitle>
          <AlertDescription className="mt-2 flex flex-col items-start gap-3">
            {errorMessage(settings.error, 'Please try again.')}
            <Button size="sm" variant="outline" onClick={() => settings.refetch()}>
              <RefreshCw /> Try again
            </Button>
          </AlertDescription>
        </Alert>
      </div>
    );
  }
  const data = settings.data;
  const editable = data.allowed && data.canManage;
  // Remounted after each save so the form starts from what the server kept.
  const formKey = [data.productName, data.primaryColor, data.supportEmail].join('|');
  return (
    <div className="space-y-6">
      {header}
      {data.notice && (
        <Alert variant={data.allowed ? 'info' : 'warning'} data-testid="branding-notice">
          <Lock />
          <AlertTitle>{data.allowed ? 'Read only' : 'White Label plan'}</AlertTitle>
          <AlertDescription className="mt-2 flex flex-col items-start gap-3">
            {data.notice}
            {data.upgradeUrl && (
              <Button asChild size="sm">
                <a href={data.upgradeUrl}>Upgrade to White Label</a>
              </Button>
            )}
          </AlertDescription>
        </Alert>
      )}
      <BrandingForm key={formKey} settings={data} editable={editable} />
      <LogoCard settings={data} editable={editable} />
      <DomainCard settings={data} editable={editable} />
    </div>
  );
}
