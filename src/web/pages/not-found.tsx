import { Compass, Home, LifeBuoy } from 'lucide-react';
import { Link, useLocation } from 'wouter';
import type { User } from '../../shared/auth';
import { AppLayout } from '../layout/AppLayout';
import { PublicLayout } from '../layout/PublicLayout';
import { Button } from '../ui/button';
import { Card, CardContent } from '../ui/card';

function NotFoundCard({ signedIn }: { signedIn: boolean }) {
  const [path] = useLocation();
  return (
    <Card className="mx-auto w-full max-w-lg" data-testid="not-found">
      <CardContent className="flex flex-col items-center gap-4 py-12 text-center">
        <span className="flex size-14 items-center justify-center rounded-2xl bg-accent text-accent-foreground">
          <Compass className="size-7" aria-hidden="true" />
        </span>
        <h1 className="text-2xl font-bold tracking-tight">Page not found</h1>
        <p className="text-sm text-muted-foreground">
          Nothing lives at <span className="break-all font-mono text-foreground">{path}</span>. The link may
          be mistyped, or the page may have moved.
        </p>
        <div className="flex flex-wrap justify-center gap-2">
          <Button asChild>
            <Link href="/">
              <Home /> {signedIn ? 'Go to Home' : 'Go to the home page'}
            </Link>
          </Button>
          <Button asChild variant="outline">
            <Link href="/help">
              <LifeBuoy /> Help Center
            </Link>
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

/** The fallback of the route table: inside the app's layout when signed in, the public one otherwise. */
export default function NotFoundPage({ user }: { user: User | null }) {
  if (user) {
    return (
      <AppLayout user={user}>
        <NotFoundCard signedIn />
      </AppLayout>
    );
  }
  return (
    <PublicLayout>
      <div className="px-4 py-20">
        <NotFoundCard signedIn={false} />
      </div>
    </PublicLayout>
  );
}
