import { useAuth } from '../lib/auth';
import { Logo } from '../ui/Logo';
import { UserMenu } from './UserMenu';

// Header of the signed-in screens without the shared layout (onboarding, subscribe).
export function MinimalHeader() {
  const { user } = useAuth();
  return (
    <header className="flex h-16 items-center justify-between border-b bg-card/80 px-4 backdrop-blur md:px-8">
      <Logo />
      {user && <UserMenu user={user} />}
    </header>
  );
}
