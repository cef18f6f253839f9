import {
  Bot,
  CreditCard,
  Download,
  Gauge,
  KeyRound,
  Loader2,
  LogOut,
  type LucideIcon,
  Palette,
  Plug,
  ShieldCheck,
  UserCog,
  User as UserIcon,
  Users,
} from 'lucide-react';
import { useRef } from 'react';
import { useLocation } from 'wouter';
import type { User } from '../../shared/auth';
import { useLogout } from '../lib/auth';
import { Avatar, AvatarFallback, AvatarImage } from '../ui/avatar';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../ui/dropdown-menu';

function UserAvatar({ user, className }: { user: User; className?: string }) {
  return (
    <Avatar className={className}>
      {user.profileImageUrl && <AvatarImage src={user.profileImageUrl} alt="" />}
      <AvatarFallback>
        <UserIcon className="size-4" />
      </AvatarFallback>
    </Avatar>
  );
}

interface AccountLink {
  label: string;
  href: string;
  icon: LucideIcon;
}

/**
 * Account pages of the user menu, in order; a settings page joins the menu with one entry here.
 */
export const ACCOUNT_LINKS: AccountLink[] = [
  { label: 'Account', href: '/settings/account', icon: UserCog },
  { label: 'Security', href: '/settings/security', icon: ShieldCheck },
  { label: 'Your data', href: '/settings/data', icon: Download },
  { label: 'Team', href: '/settings/team', icon: Users },
  { label: 'Usage', href: '/settings/usage', icon: Gauge },
  { label: 'API', href: '/settings/api', icon: KeyRound },
  { label: 'AI assistants', href: '/settings/ai-assistants', icon: Bot },
  { label: 'Integrations', href: '/settings/integrations', icon: Plug },
  { label: 'Branding', href: '/settings/branding', icon: Palette },
  // Inside the layout, with or without payments configured (decision 0400); paying happens from there.
  { label: 'Manage Subscription', href: '/settings/billing', icon: CreditCard },
];

export function UserMenu({ user }: { user: User }) {
  const logout = useLogout();
  const [, navigate] = useLocation();
  // After choosing a page the new screen's heading takes focus; the menu must not pull it back.
  const navigated = useRef(false);
  const fullName = [user.firstName, user.lastName].filter(Boolean).join(' ') || user.username;
  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        aria-label="Open user menu"
        className="rounded-full ring-offset-2 transition-shadow hover:ring-2 hover:ring-primary/30 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <UserAvatar user={user} />
      </DropdownMenuTrigger>
      <DropdownMenuContent
        align="end"
        onCloseAutoFocus={(e) => {
          if (navigated.current) e.preventDefault();
          navigated.current = false;
        }}
      >
        <DropdownMenuLabel className="flex items-center gap-3">
          <UserAvatar user={user} className="size-10" />
          <div className="min-w-0">
            <p className="truncate font-semibold">{fullName}</p>
            <p className="truncate text-xs text-muted-foreground">{user.email}</p>
          </div>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        {ACCOUNT_LINKS.map(({ label, href, icon: Icon }) => (
          <DropdownMenuItem
            key={href}
            onSelect={() => {
              navigated.current = true;
              navigate(href);
            }}
          >
            <Icon />
            {label}
          </DropdownMenuItem>
        ))}
        <DropdownMenuSeparator />
        <DropdownMenuItem
          disabled={logout.isPending}
          onSelect={(e) => {
            e.preventDefault();
            logout.mutate();
          }}
        >
          {logout.isPending ? <Loader2 className="animate-spin" /> : <LogOut />}
          Log out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
