import { Mail, MapPin, MessageSquare } from 'lucide-react';
import { ContactForm } from '../features/contact/ContactForm';
import { PageHero, PublicLayout } from '../layout/PublicLayout';
import { useBranding } from '../lib/use-branding';

// The support address is the workspace's (its branding), else ours.
export default function ContactPage() {
  const branding = useBranding();
  const supportEmail = branding.supportEmail ?? 'support@verilead.app';

  return (
    <PublicLayout>
      <PageHero
        eyebrow="Contact"
        title="Get in touch"
        subtitle="Questions, feedback or partnership ideas? We'd love to hear from you."
      />
      <section className="mx-auto grid max-w-6xl gap-8 px-4 py-16 lg:grid-cols-[1fr_2fr]">
        <div className="grid content-start gap-4">
          {[
            { icon: Mail, title: 'Email', text: supportEmail },
            { icon: MessageSquare, title: 'Live chat', text: 'Monday to Friday, 9:00 to 18:00 PST' },
            { icon: MapPin, title: 'Remote first', text: 'A distributed team serving customers worldwide' },
          ].map(({ icon: Icon, title, text }) => (
            <div key={title} className="flex items-start gap-3 rounded-xl border bg-card p-5">
              <Icon className="mt-0.5 size-5 text-primary" />
              <div>
                <p className="font-semibold">{title}</p>
                <p className="text-sm text-muted-foreground">{text}</p>
              </div>
            </div>
          ))}
        </div>
        <ContactForm supportEmail={supportEmail} />
      </section>
    </PublicLayout>
  );
}
