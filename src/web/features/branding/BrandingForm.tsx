import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2, Save } from 'lucide-react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { type BrandingSettings, DEFAULT_PRODUCT_NAME, updateBrandingSchema } from '../../../shared/branding';
import { contrast, luminance, readableForeground } from '../../../shared/branding-color';
import { failureToast, toast } from '../../lib/toast';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { Input } from '../../ui/input';
import { Label } from '../../ui/label';
import { useSaveBranding } from './api';

const DEFAULT_COLOR = '#4f39f6';
const HEX = /^#[0-9a-f]{6}$/i;

/** The fields as typed (empty: the default). */
type BrandingText = z.input<typeof updateBrandingSchema>;

/** Product name, primary colour (with a live preview) and support address. */
export function BrandingForm({ settings, editable }: { settings: BrandingSettings; editable: boolean }) {
  const form = useForm<BrandingText, unknown, z.output<typeof updateBrandingSchema>>({
    resolver: zodResolver(updateBrandingSchema),
    defaultValues: {
      productName: settings.productName ?? '',
      primaryColor: settings.primaryColor ?? '',
      supportEmail: settings.supportEmail ?? '',
    },
  });
  const color = form.watch('primaryColor') ?? '';
  const errors = form.formState.errors;
  const save = useSaveBranding({
    onSuccess: () => toast({ title: 'Branding saved', variant: 'success' }),
    onError: failureToast('Could not save the branding'),
  });

  // The fields as typed are sent once the schema accepts them: the server parses the same schema.
  const submit = form.handleSubmit(() => save.mutate(form.getValues()));

  const preview = HEX.test(color) ? color.toLowerCase() : (settings.primaryColor ?? DEFAULT_COLOR);
  const fg = readableForeground(preview);
  const ratio = contrast(luminance(preview), luminance(fg.hex));
  const error = (field: keyof BrandingText) =>
    errors[field] ? (
      <p id={`${field}-error`} className="text-sm text-destructive">
        {errors[field]?.message}
      </p>
    ) : null;

  return (
    <Card>
      <CardHeader>
        <CardTitle>Look and name</CardTitle>
        <CardDescription>
          Shown in the app, on the sign-in page, in export file names and in webhook requests.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} className="grid gap-5" noValidate>
          <fieldset disabled={!editable || save.isPending} className="grid gap-5">
            <div className="grid gap-1.5">
              <Label htmlFor="productName">Product name</Label>
              <Input
                id="productName"
                maxLength={60}
                placeholder={DEFAULT_PRODUCT_NAME}
                aria-invalid={Boolean(errors.productName)}
                aria-describedby={errors.productName ? 'productName-error' : undefined}
                {...form.register('productName')}
              />
              {error('productName')}
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor="primaryColor">Primary colour</Label>
              <div className="flex items-center gap-3">
                <input
                  type="color"
                  aria-label="Pick the primary colour"
                  value={preview}
                  onChange={(e) => form.setValue('primaryColor', e.target.value, { shouldDirty: true })}
                  className="h-9 w-12 cursor-pointer rounded-md border bg-card p-1"
                />
                <Input
                  id="primaryColor"
                  placeholder="#1a73e8"
                  className="max-w-40 font-mono"
                  aria-invalid={Boolean(errors.primaryColor)}
                  aria-describedby={errors.primaryColor ? 'primaryColor-error' : 'color-help'}
                  {...form.register('primaryColor', { setValueAs: (v: string) => v.trim() })}
                />
                <span
                  className="inline-flex h-9 items-center rounded-md px-4 text-sm font-medium shadow-sm"
                  style={{ backgroundColor: preview, color: fg.hex }}
                  data-testid="color-preview"
                >
                  Preview button
                </span>
              </div>
              <p id="color-help" className="text-xs text-muted-foreground">
                Text on it is {fg.hex === '#fcfcfc' ? 'white' : 'dark'} (contrast {ratio.toFixed(1)}:1
                {ratio < 4.5
                  ? ', below the 4.5:1 that small text needs: pick a darker or lighter colour'
                  : ''}
                ). Leave empty for the default colour.
              </p>
              {error('primaryColor')}
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor="supportEmail">Support email</Label>
              <Input
                id="supportEmail"
                type="email"
                placeholder="help@yourcompany.com"
                aria-invalid={Boolean(errors.supportEmail)}
                aria-describedby={errors.supportEmail ? 'supportEmail-error' : undefined}
                {...form.register('supportEmail')}
              />
              {error('supportEmail')}
            </div>
          </fieldset>
          <div>
            <Button type="submit" disabled={!editable || save.isPending}>
              {save.isPending ? <Loader2 className="animate-spin" /> : <Save />} Save branding
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
