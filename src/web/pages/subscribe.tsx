import { CreditCard } from 'lucide-react';
import { MinimalHeader } from '../components/layout/MinimalHeader';
import { ScreenPlaceholder } from '../components/ScreenPlaceholder';

// Shell owned by a later issue (payment form). Reached by a full page load from the avatar menu.
export default function SubscribePage() {
  return (
    <div className="min-h-screen bg-muted/40">
      <MinimalHeader />
      <div className="mx-auto max-w-2xl px-4 py-10">
        <h1 className="mb-6 text-3xl font-bold tracking-tight">Subscribe to Pro Plan</h1>
        <ScreenPlaceholder icon={CreditCard}>
          Upgrade to the Pro plan for unlimited access to verification, scraping and campaigns.
        </ScreenPlaceholder>
      </div>
    </div>
  );
}
