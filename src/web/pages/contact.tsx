import { Mail, MapPin, MessageSquare, Send } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { PageHero, PublicLayout } from '../layout/PublicLayout';
import { toast } from '../lib/toast';
import { Button } from '../ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../ui/card';
import { Input } from '../ui/input';
import { Label } from '../ui/label';
import { Textarea } from '../ui/textarea';

const EMPTY = { name: '', email: '', subject: '', message: '' };

// Client only — submitting shows a toast and clears the form; no request is made.
export default function ContactPage() {
  const [values, setValues] = useState(EMPTY);
  const bind = (key: keyof typeof EMPTY) => ({
    id: `contact-${key}`,
    name: key,
    required: true,
    value: values[key],
    onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [key]: e.target.value })),
  });

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    toast({
      title: 'Message Sent!',
      description: "We'll get back to you within 24 hours.",
      variant: 'success',
    });
    setValues(EMPTY);
  };

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
            { icon: Mail, title: 'Email', text: 'support@verilead.app' },
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
        <Card>
          <CardHeader>
            <CardTitle>Send us a message</CardTitle>
          </CardHeader>
          <CardContent>
            <form className="grid gap-4" onSubmit={onSubmit}>
              <div className="grid gap-4 sm:grid-cols-2">
                <div className="grid gap-2">
                  <Label htmlFor="contact-name">Name</Label>
                  <Input autoComplete="name" {...bind('name')} />
                </div>
                <div className="grid gap-2">
                  <Label htmlFor="contact-email">Email</Label>
                  <Input type="email" autoComplete="email" {...bind('email')} />
                </div>
              </div>
              <div className="grid gap-2">
                <Label htmlFor="contact-subject">Subject</Label>
                <Input {...bind('subject')} />
              </div>
              <div className="grid gap-2">
                <Label htmlFor="contact-message">Message</Label>
                <Textarea rows={6} {...bind('message')} />
              </div>
              <Button type="submit" size="lg" className="justify-self-start">
                <Send /> Send Message
              </Button>
            </form>
          </CardContent>
        </Card>
      </section>
    </PublicLayout>
  );
}
