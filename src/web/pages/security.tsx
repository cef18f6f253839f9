import { TwoFactorCard } from '../features/security/TwoFactorCard';
import { PageHeader } from '../ui/PageHeader';

/** /settings/security: how this account signs in (two-factor sign-in). */
export default function SecurityPage() {
  return (
    <div className="space-y-6">
      <PageHeader title="Security" description="How you sign in to your account." />
      <TwoFactorCard />
    </div>
  );
}
