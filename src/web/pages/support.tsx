import { BookOpen, Clock, Headphones, Mail, MessageSquare, Phone } from 'lucide-react';
import { Link } from 'wouter';
import { PageHero, PublicLayout } from '../layout/PublicLayout';
import { Button } from '../ui/button';

const CHANNELS = [
  { icon: MessageSquare, title: 'Live chat', text: 'Monday to Friday, 9:00 to 18:00 PST.' },
  { icon: Mail, title: 'Email support', text: 'Write to support@verilead.app, any day of the week.' },
  { icon: Phone, title: 'Phone support', text: 'For Professional customers during business hours.' },
  { icon: BookOpen, title: 'Help center', text: 'Guides for uploads, verification, scraping and campaigns.' },
];

const SLA = [
  { icon: Clock, value: '< 2 hours', label: 'Support response time' },
  { icon: Headphones, value: '99.9%', label: 'Uptime' },
];

export default function SupportPage() {
  return (
    <PublicLayout>
      <PageHero eyebrow="Support" title="We're here to help" subtitle="Reach a real person, fast." />
      <section className="mx-auto max-w-6xl px-4 py-16">
        <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {CHANNELS.map(({ icon: Icon, title, text }) => (
            <div key={title} className="rounded-xl border bg-card p-6 shadow-sm">
              <Icon className="mb-3 size-6 text-primary" />
              <h2 className="font-semibold">{title}</h2>
              <p className="mt-1 text-sm text-muted-foreground">{text}</p>
            </div>
          ))}
        </div>
        <div className="mt-10 grid gap-6 sm:grid-cols-2">
          {SLA.map(({ icon: Icon, value, label }) => (
            <div key={label} className="flex items-center gap-4 rounded-xl border bg-indigo-50 p-6">
              <Icon className="size-8 text-primary" />
              <div>
                <p className="text-3xl font-extrabold tracking-tight">{value}</p>
                <p className="text-sm text-muted-foreground">{label}</p>
              </div>
            </div>
          ))}
        </div>
        <div className="mt-12 flex flex-wrap justify-center gap-3">
          <Button asChild size="lg">
            <Link href="/contact">Contact Us</Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link href="/help">Visit the Help Center</Link>
          </Button>
        </div>
      </section>
    </PublicLayout>
  );
}
