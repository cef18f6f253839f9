import { BarChart3, Camera, History, Upload } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useSearch } from 'wouter';
import { ActionCard } from '../features/home/ActionCard';
import { TrialBanner } from '../features/home/TrialBanner';
import { SingleCheck } from '../features/lists/SingleCheck';
import { isNewAccount, useAuth, useSubscriptionStatus } from '../lib/auth';
import { PageSkeleton } from '../ui/PageSkeleton';

// The results screen (charts) loads only when `?uploadId` asks for it.
const DashboardPage = lazy(() => import('./dashboard'));

const ACTIONS = [
  {
    href: '/upload',
    title: 'Upload CSV',
    description: 'Upload and process email lists for verification',
    icon: Upload,
    tone: 'bg-indigo-50 text-indigo-600',
  },
  {
    href: '/dashboard',
    title: 'Verification Dashboard',
    description: 'View real-time verification results and statistics',
    icon: BarChart3,
    tone: 'bg-emerald-50 text-emerald-600',
  },
  {
    href: '/history',
    title: 'Processing History',
    description: 'Review past verification jobs and download results',
    icon: History,
    tone: 'bg-amber-50 text-amber-600',
  },
  {
    href: '/instagram-scraper',
    title: 'Instagram Scraper',
    description: 'Extract email addresses from Instagram profiles',
    icon: Camera,
    tone: 'bg-pink-50 text-pink-600',
  },
];

// Signed-in `/`. With ?uploadId it shows the results screen for that upload.
export default function HomePage() {
  const uploadId = new URLSearchParams(useSearch()).get('uploadId');
  const { user } = useAuth();
  const subscription = useSubscriptionStatus(Boolean(user));

  if (uploadId) {
    return (
      <Suspense fallback={<PageSkeleton />}>
        <DashboardPage uploadId={uploadId} />
      </Suspense>
    );
  }

  return (
    <div className="flex flex-col gap-8">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">
          {/* The name exactly as the user typed it; "Welcome back" only once they have been here before. */}
          {isNewAccount(user?.id) ? 'Welcome' : 'Welcome back'}, {user?.firstName || 'User'}!
        </h1>
        <p className="mt-2 text-muted-foreground">Choose an action to get started with email verification.</p>
      </div>
      {subscription.data && !subscription.data.hasAccess && <TrialBanner status={subscription.data} />}
      <div className="grid gap-6 sm:grid-cols-2 xl:grid-cols-4">
        {ACTIONS.map((a) => (
          <ActionCard key={a.href} {...a} />
        ))}
      </div>
      <SingleCheck />
    </div>
  );
}
