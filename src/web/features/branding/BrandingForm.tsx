import { Loader2, Save } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { type BrandingSettings, DEFAULT_PRODUCT_NAME, updateBrandingSchema } from '../../../shared/branding';
import { contrast, luminance, readableForeground } from '../../../shared/branding-color';
import { apiRequest } from '../../lib/api';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { Input } from '../../ui/input';
import { Label } from '../../ui/label';
import { useBrandingChange } from './api';

const DEFAULT_COLOR = '#4f39f6';
const HEX = /^#[0-9a-f]{6}$/i;

/** Product name, primary colour (with a live preview) and support address. */
export function BrandingForm({ settings, editable }: { settings: BrandingSettings; editable: boolean }) {
  const [name, setName] = useState(settings.productName ?? '');
  const [color, setColor] = useState(settings.primaryColor ?? '');
  const [email, setEmail] = useState(settings.supportEmail ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useBrandingChange({
    run: (body: unknown) => apiRequest('PUT', '/api/branding', body),
    success: 'Branding saved',
    failure: 'Could not save the branding',
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const input = { productName: name, primaryColor: color, supportEmail: email };
    const parsed = updateBrandingSchema.safeParse(input);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    save.mutate(input);
  };

  const preview = HEX.test(color) ? color.toLowerCase() : (settings.primaryColor ?? DEFAULT_COLOR);
  const fg = readableForeground(preview);
  const ratio = contrast(luminance(preview), luminance(fg.hex));
  const error = (field: string) =>
    errors[field] ? (
      <p id={`${field}-error`} className="text-sm text-destructive">
        {errors[field]}
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
                value={name}
                maxLength={60}
                placeholder={DEFAULT_PRODUCT_NAME}
                aria-invalid={Boolean(errors.productName)}
                aria-describedby={errors.productName ? 'productName-error' : undefined}
                onChange={(e) => setName(e.target.value)}
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
                  onChange={(e) => setColor(e.target.value)}
                  className="h-9 w-12 cursor-pointer rounded-md border bg-card p-1"
                />
                <Input
                  id="primaryColor"
                  value={color}
                  placeholder="#1a73e8"
                  className="max-w-40 font-mono"
                  aria-invalid={Boolean(errors.primaryColor)}
                  aria-describedby={errors.primaryColor ? 'primaryColor-error' : 'color-help'}
                  onChange={(e) => setColor(e.target.value.trim())}
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
                value={email}
                placeholder="help@yourcompany.com"
                aria-invalid={Boolean(errors.supportEmail)}
                aria-describedby={errors.supportEmail ? 'supportEmail-error' : undefined}
                onChange={(e) => setEmail(e.target.value)}
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
