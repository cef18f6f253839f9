import { Menu } from 'lucide-react';
import type { User } from '../../shared/auth';
import { Button } from '../ui/button';
import { Breadcrumb } from './Breadcrumb';
import { UserMenu } from './UserMenu';
import { WorkspaceSwitcher } from './WorkspaceSwitcher';

export function TopBar({ user, onOpenMenu }: { user: User; onOpenMenu: () => void }) {
  return (
    <header className="sticky top-0 z-30 flex h-16 items-center gap-3 border-b bg-card/80 px-4 backdrop-blur md:px-8">
      <Button
        variant="ghost"
        size="icon"
        className="md:hidden"
        onClick={onOpenMenu}
        aria-label="Open navigation"
      >
        <Menu />
      </Button>
      <div className="min-w-0 flex-1">
        <Breadcrumb />
      </div>
      <WorkspaceSwitcher />
      <UserMenu user={user} />
    </header>
  );
}
