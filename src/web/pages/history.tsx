import { History } from 'lucide-react';
import { PageHeader } from '../components/PageHeader';
import { ScreenPlaceholder } from '../components/ScreenPlaceholder';

// Shell owned by a later issue: replace the body with the real screen.
export default function HistoryPage() {
  return (
    <div>
      <PageHeader
        title="Processing History"
        description="Review past verification jobs and download results"
      />
      <ScreenPlaceholder icon={History}>
        Every upload appears here with its status, progress and statistics, and a link to its results.
      </ScreenPlaceholder>
    </div>
  );
}
