import { zodResolver } from '@hookform/resolvers/zod';
import { Send } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { toast } from '../../lib/toast';
import { Button } from '../../ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../ui/card';
import { FormField } from '../../ui/form-field';
import { Label } from '../../ui/label';
import { Textarea } from '../../ui/textarea';

const contactSchema = z.object({
  name: z.string().trim().min(1, 'Enter your name').max(200),
  email: z.string().trim().email('Enter a valid email address').max(254),
  subject: z.string().trim().min(1, 'Enter a subject').max(200),
  message: z.string().trim().min(1, 'Enter your message').max(5000),
});
type ContactInput = z.infer<typeof contactSchema>;

/**
 * A message to `supportEmail`. This server keeps no inbox: the message opens in the visitor's own
 * email app, addressed to it, to be sent from there.
 */
export function ContactForm({ supportEmail }: { supportEmail: string }) {
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
  );
}
