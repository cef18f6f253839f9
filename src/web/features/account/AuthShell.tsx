import type { ReactNode } from 'react';
import { Logo } from '../../ui/Logo';

/** The frame of the signed-out account screens (forgot and reset password): logo, heading, one column. */
export function AuthShell({ title, intro, children }: { title: string; intro: string; children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col px-4 py-8 sm:px-8">
      <header>
        <Logo />
      </header>
      <main id="main" className="mx-auto flex w-full max-w-md flex-1 flex-col justify-center py-10">
        <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
        <p className="mt-2 mb-6 text-sm text-muted-foreground">{intro}</p>
        {children}
      </main>
    </div>
  );
}
