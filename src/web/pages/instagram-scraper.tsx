import { Camera } from 'lucide-react';
import { PageHeader } from '../components/PageHeader';
import { ScreenPlaceholder } from '../components/ScreenPlaceholder';

// Shell owned by a later issue: replace the body with the real screen.
export default function InstagramScraperPage() {
  return (
    <div>
      <PageHeader title="Instagram Scraper" description="Extract email addresses from Instagram profiles" />
      <ScreenPlaceholder icon={Camera}>
        Search profiles by keyword or scrape profile URLs, then clean the data with AI and export it as CSV.
      </ScreenPlaceholder>
    </div>
  );
}
