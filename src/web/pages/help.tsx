import { HelpContent } from '../features/help/HelpContent';
import { PageHero, PublicLayout } from '../layout/PublicLayout';
import { PageHeader } from '../ui/PageHeader';

const TITLE = 'Help Center';
const SUBTITLE = 'How verification works, what each result means, the CSV format and common questions.';

/** /help for a signed-in user, inside the shared layout. */
export default function HelpPage() {
  return (
    <div>
      <PageHeader title={TITLE} description={SUBTITLE} />
      <HelpContent />
    </div>
  );
}

/** /help for visitors (linked from Support and the site menu). */
export function PublicHelpPage() {
  return (
    <PublicLayout>
      <PageHero eyebrow="Help" title={TITLE} subtitle={SUBTITLE} />
      <div className="mx-auto max-w-6xl px-4 py-16">
        <HelpContent />
      </div>
    </PublicLayout>
  );
}
