import { BulkFind } from '../features/finder/BulkFind';
import { FindHistory } from '../features/finder/FindHistory';
import { SingleFind } from '../features/finder/SingleFind';
import { PageHeader } from '../ui/PageHeader';

// The email finder: one person from the form, many from a CSV, and the history of both.
export default function FindPage() {
  return (
    <div className="space-y-6">
      <PageHeader
        title="Email Finder"
        description="Find a person's work email from their name and company, checked with the company's mail server"
      />
      <div className="grid items-start gap-6 xl:grid-cols-2">
        <SingleFind />
        <BulkFind />
      </div>
      <FindHistory />
    </div>
  );
}
