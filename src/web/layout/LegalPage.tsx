import type { ReactNode } from 'react';
import { PageHero, PublicLayout } from './PublicLayout';

export interface LegalSection {
  title: string;
  body: ReactNode;
}

export function LegalPage({
  title,
  updated,
  sections,
}: {
  title: string;
  updated: string;
  sections: LegalSection[];
}) {
  return (
    <PublicLayout>
      <PageHero title={title} subtitle={`Last updated: ${updated}`} />
      <article className="mx-auto grid max-w-3xl gap-8 px-4 py-16">
        {sections.map((s, i) => (
          <section key={s.title}>
            <h2 className="text-xl font-semibold">
              {i + 1}. {s.title}
            </h2>
            <div className="mt-2 grid gap-2 leading-relaxed text-muted-foreground">{s.body}</div>
          </section>
        ))}
      </article>
    </PublicLayout>
  );
}
