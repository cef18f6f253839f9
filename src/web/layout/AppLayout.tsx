import * as DialogPrimitive from '@radix-ui/react-dialog';
import { type ReactNode, useState } from 'react';
import type { User } from '../../shared/auth';
import { PaymentIssueBanner } from '../features/billing/PaymentIssueBanner';
import { Sidebar } from './Sidebar';
import { TopBar } from './TopBar';

// Shared layout of the signed-in screens: fixed side bar on desktop, a slide-over on small screens.
export function AppLayout({ user, children }: { user: User; children: ReactNode }) {
  const [menuOpen, setMenuOpen] = useState(false);
  return (
    <div className="flex min-h-screen bg-muted/40">
      <aside className="sticky top-0 hidden h-screen w-64 shrink-0 border-r md:block">
        <Sidebar />
      </aside>
      <DialogPrimitive.Root open={menuOpen} onOpenChange={setMenuOpen}>
        <DialogPrimitive.Portal>
          <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-black/40 md:hidden" />
          <DialogPrimitive.Content className="fixed inset-y-0 left-0 z-50 w-72 border-r shadow-xl animate-fade-in md:hidden">
            <DialogPrimitive.Title className="sr-only">Navigation</DialogPrimitive.Title>
            <DialogPrimitive.Description className="sr-only">Main navigation</DialogPrimitive.Description>
            <Sidebar onNavigate={() => setMenuOpen(false)} />
          </DialogPrimitive.Content>
        </DialogPrimitive.Portal>
      </DialogPrimitive.Root>
      <div className="flex min-w-0 flex-1 flex-col">
        <TopBar user={user} onOpenMenu={() => setMenuOpen(true)} />
        <main id="main" className="flex-1 px-4 py-6 md:px-8 md:py-8">
          <div className="mx-auto w-full max-w-7xl">
            <PaymentIssueBanner />
            {children}
          </div>
        </main>
      </div>
    </div>
  );
}
