import { Upload } from 'lucide-react';
import { PageHeader } from '../components/PageHeader';
import { ScreenPlaceholder } from '../components/ScreenPlaceholder';

// Shell owned by a later issue: replace the body with the real screen.
export default function UploadPage() {
  return (
    <div>
      <PageHeader title="Upload CSV" description="Upload and process email lists for verification" />
      <ScreenPlaceholder icon={Upload}>
        Drop a CSV file of email addresses here to preview it and start the two-step verification.
      </ScreenPlaceholder>
    </div>
  );
}
