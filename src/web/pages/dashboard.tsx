import { BarChart3 } from 'lucide-react';
import { PageHeader } from '../components/PageHeader';
import { ScreenPlaceholder } from '../components/ScreenPlaceholder';

// Shell owned by a later issue. Also rendered by `/?uploadId=…` with that upload preselected.
export default function DashboardPage({ uploadId }: { uploadId?: string }) {
  return (
    <div>
      <PageHeader
        title="Verification Dashboard"
        description="View real-time verification results and statistics"
      />
      <ScreenPlaceholder icon={BarChart3}>
        Statistics, processing status and the results table of your uploads
        {uploadId ? ` (upload ${uploadId})` : ''}, with search, filters and export.
      </ScreenPlaceholder>
    </div>
  );
}
