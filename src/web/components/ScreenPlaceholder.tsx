import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardContent } from './ui/card';

// Body of a screen whose feature lands in a later issue: states what the screen is for.
export function ScreenPlaceholder({ icon: Icon, children }: { icon: LucideIcon; children: ReactNode }) {
  return (
    <Card className="border-dashed">
      <CardContent className="flex flex-col items-center gap-4 py-16 text-center">
        <span className="flex size-14 items-center justify-center rounded-2xl bg-accent text-accent-foreground">
          <Icon className="size-7" />
        </span>
        <div className="max-w-lg text-sm text-muted-foreground">{children}</div>
      </CardContent>
    </Card>
  );
}
