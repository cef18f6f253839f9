import { Activity } from 'lucide-react';
import { PageHeader } from '../components/PageHeader';
import { ScreenPlaceholder } from '../components/ScreenPlaceholder';

// Shell owned by a later issue: replace the body with the real screen.
export default function CampaignStatusPage() {
  return (
    <div>
      <PageHeader title="Campaign Status" description="Monitor your Smartlead campaigns" />
      <ScreenPlaceholder icon={Activity}>
        Your Smartlead campaigns with their status, leads, emails sent, open rate and reply rate.
      </ScreenPlaceholder>
    </div>
  );
}
