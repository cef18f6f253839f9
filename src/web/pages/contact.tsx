import { zodResolver } from '@hookform/resolvers/zod';
import { Mail, MapPin, MessageSquare, Send } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { PageHero, PublicLayout } from '../layout/PublicLayout';
import { toast } from '../lib/toast';
import { useBranding } from '../lib/use-branding';
import { Button } from '../ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../ui/card';
import { FormField } from '../ui/form-field';
import { Label } from '../ui/label';
import { Textarea } from '../ui/textarea';

const contactSchema = z.object({
  name: z.string().trim().min(1, 'Enter your name').max(200),
  email: z.string().trim().email('Enter a valid email address').max(254),
  subject: z.string().trim().min(1, 'Enter a subject').max(200),
  message: z.string().trim().min(1, 'Enter your message').max(5000),
});
type ContactInput = z.infer<typeof contactSchema>;

// This server keeps no inbox: the message opens in the visitor's own email app, addressed to the
// workspace's support address (its branding) or ours, to be sent from there.
export default function ContactPage() {
  const branding = useBranding();
  const supportEmail = branding.supportEmail ?? 'support@verilead.app';
  const form = useForm<ContactInput>({
    resolver: zodResolver(contactSchema),
    defaultValues: { name: '', email: '', subject: '', message: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((v) => {
    const body = `${v.message}\n\n${v.name} <${v.email}>`;
    window.location.href = `mailto:${supportEmail}?subject=${encodeURIComponent(v.subject)}&body=${encodeURIComponent(body)}`;
    toast({
      title: 'Opening your email app',
      description: `Your message to ${supportEmail} is ready there: send it from your email app.`,
    });
  });

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
        <Card>
          <CardHeader>
            <CardTitle>Send us a message</CardTitle>
          </CardHeader>
          <CardContent>
            <form className="grid gap-4" onSubmit={onSubmit} noValidate>
              <div className="grid gap-4 sm:grid-cols-2">
                <FormField
                  id="contact-name"
                  label="Name"
                  autoComplete="name"
                  error={errors.name?.message}
                  {...form.register('name')}
                />
                <FormField
                  id="contact-email"
                  label="Email"
                  type="email"
                  autoComplete="email"
                  error={errors.email?.message}
                  {...form.register('email')}
                />
              </div>
              <FormField
                id="contact-subject"
                label="Subject"
                error={errors.subject?.message}
                {...form.register('subject')}
              />
              <div className="grid gap-2">
                <Label htmlFor="contact-message">Message</Label>
                <Textarea
                  id="contact-message"
                  rows={6}
                  aria-invalid={errors.message ? true : undefined}
                  aria-describedby={errors.message ? 'contact-message-error' : undefined}
                  {...form.register('message')}
                />
                {errors.message && (
                  <p id="contact-message-error" className="text-xs font-medium text-destructive">
                    {errors.message.message}
                  </p>
                )}
              </div>
              <p className="text-xs text-muted-foreground">
                Your email app opens with the message to {supportEmail}; it is sent from there.
              </p>
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
