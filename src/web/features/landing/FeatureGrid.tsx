import type { LucideIcon } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '../../ui/card';

export interface FeatureItem {
  icon: LucideIcon;
  title: string;
  text: string;
}

/** The icon-card grid shared by the landing page's feature section and the /features page. */
export function FeatureGrid({ items }: { items: readonly FeatureItem[] }) {
  return (
    <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {items.map(({ icon: Icon, title, text }) => (
        <Card key={title} className="transition-shadow hover:shadow-md">
          <CardHeader>
            <span className="mb-2 flex size-11 items-center justify-center rounded-lg bg-indigo-50 text-indigo-600">
              <Icon className="size-5" />
            </span>
            <CardTitle>{title}</CardTitle>
          </CardHeader>
          <CardContent className="text-sm text-muted-foreground">{text}</CardContent>
        </Card>
      ))}
    </div>
  );
}
