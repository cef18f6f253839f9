import { Send } from 'lucide-react';
import { PageHeader } from '../components/PageHeader';
import { ScreenPlaceholder } from '../components/ScreenPlaceholder';

// Shell owned by a later issue: replace the body with the real screen.
export default function SendToSmartleadPage() {
  return (
    <div>
      <PageHeader title="Send to Smartlead" description="Send verified emails as a new Smartlead campaign" />
      <ScreenPlaceholder icon={Send}>
        Pick verified emails from your uploads, name the campaign and send them to Smartlead.
      </ScreenPlaceholder>
    </div>
  );
}
