import { Link } from 'wouter';
import { useBranding } from '../lib/use-branding';
import { Logo } from '../ui/Logo';

// Shared footer of the landing and public pages.
export const FOOTER_LINKS = [
  { href: '/features', label: 'Features' },
  { href: '/pricing', label: 'Pricing' },
  { href: '/about', label: 'About Us' },
  { href: '/contact', label: 'Contact' },
  { href: '/support', label: 'Support' },
  { href: '/privacy', label: 'Privacy Policy' },
  { href: '/terms', label: 'Terms of Service' },
];

export function PublicFooter() {
  const branding = useBranding();
  return (
    <footer className="border-t bg-card">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-12 md:grid-cols-[1fr_2fr] md:px-8">
        <div className="flex flex-col gap-3">
          <Logo />
          <p className="max-w-xs text-sm text-muted-foreground">
            AI-powered email verification and lead generation for teams that do outreach.
          </p>
        </div>
        <nav aria-label="Footer">
          <ul className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-3">
            {FOOTER_LINKS.map((l) => (
              <li key={l.href}>
                <Link href={l.href} className="text-muted-foreground transition-colors hover:text-foreground">
                  {l.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="border-t">
        <p className="mx-auto max-w-7xl px-4 py-6 text-xs text-muted-foreground md:px-8">
          © {new Date().getFullYear()} {branding.productName}. All rights reserved.
          {branding.supportEmail && (
            <>
              {' '}
              Support:{' '}
              <a className="underline" href={`mailto:${branding.supportEmail}`}>
                {branding.supportEmail}
              </a>
            </>
          )}
        </p>
      </div>
    </footer>
  );
}
