import { Menu } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '../ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../ui/dropdown-menu';
import { Logo } from '../ui/Logo';

const LINKS = [
  { href: '/features', label: 'Features' },
  { href: '/pricing', label: 'Pricing' },
  { href: '/about', label: 'About' },
  { href: '/contact', label: 'Contact' },
  { href: '/help', label: 'Help' },
];

export function PublicHeader() {
  return (
    <header className="sticky top-0 z-30 border-b bg-background/80 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 md:px-8">
        <Logo />
        <nav
          aria-label="Site"
          className="hidden items-center gap-6 text-sm font-medium text-muted-foreground md:flex"
        >
          {LINKS.map((l) => (
            <Link key={l.href} href={l.href} className="transition-colors hover:text-foreground">
              {l.label}
            </Link>
          ))}
        </nav>
        <div className="flex items-center gap-2">
          <Button asChild variant="default">
            <Link href="/auth">Sign In</Link>
          </Button>
          {/* Phones: the same links behind a menu button. */}
          <DropdownMenu>
            <DropdownMenuTrigger asChild>
              <Button variant="ghost" size="icon" className="md:hidden" aria-label="Open site menu">
                <Menu />
              </Button>
            </DropdownMenuTrigger>
            {/* Every item opens a page whose heading takes focus: the menu does not pull it back. */}
            <DropdownMenuContent
              align="end"
              className="md:hidden"
              onCloseAutoFocus={(e) => e.preventDefault()}
            >
              {LINKS.map((l) => (
                <DropdownMenuItem key={l.href} asChild>
                  <Link href={l.href}>{l.label}</Link>
                </DropdownMenuItem>
              ))}
            </DropdownMenuContent>
          </DropdownMenu>
        </div>
      </div>
    </header>
  );
}
