import { Settings } from 'lucide-react';
import { PageHeader } from '../components/PageHeader';
import { ScreenPlaceholder } from '../components/ScreenPlaceholder';

// Shell owned by a later issue: replace the body with the real screen.
export default function SmartleadSettingsPage() {
  return (
    <div>
      <PageHeader title="Smartlead API Settings" description="Connect your Smartlead account" />
      <ScreenPlaceholder icon={Settings}>
        Save your Smartlead API key and test the connection. The key is stored securely on the server.
      </ScreenPlaceholder>
    </div>
  );
}
