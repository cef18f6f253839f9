import { ImageIcon, Loader2, Trash2, Upload } from 'lucide-react';
import { type ChangeEvent, useEffect, useRef, useState } from 'react';
import { type BrandingSettings, LOGO_MAX_BYTES } from '../../../shared/branding';
import { failureToast, toast } from '../../lib/toast';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { FilePicker } from '../../ui/file-picker';
import { Label } from '../../ui/label';
import { useRemoveLogo, useUploadLogo } from './api';

const ACCEPT = 'image/png,image/jpeg,image/webp,image/svg+xml';

/** The logo: the current one, a chosen file previewed before upload, and removal. */
export function LogoCard({ settings, editable }: { settings: BrandingSettings; editable: boolean }) {
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const reset = () => {
    setFile(null);
    setPreview(null);
    if (input.current) input.current.value = '';
  };
  const upload = useUploadLogo({
    onSuccess: () => toast({ title: 'Logo uploaded', variant: 'success' }),
    onError: failureToast('Could not upload the logo'),
  });
  const remove = useRemoveLogo({
    onSuccess: () => toast({ title: 'Logo removed', variant: 'success' }),
    onError: failureToast('Could not remove the logo'),
  });

  const choose = (e: ChangeEvent<HTMLInputElement>) => {
    const f = e.target.files?.[0] ?? null;
    setProblem(null);
    if (f && f.size > LOGO_MAX_BYTES) {
      setProblem(
        `That file is ${Math.ceil(f.size / 1024)} KB; the logo may be ${LOGO_MAX_BYTES / 1024} KB at most.`,
      );
      reset();
      return;
    }
    setFile(f);
    setPreview(f ? URL.createObjectURL(f) : null);
  };

  const shown = preview ?? settings.logoUrl;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Logo</CardTitle>
        <CardDescription>PNG, JPEG, WebP or SVG, square works best, up to 256 KB.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4 sm:flex-row sm:items-center">
        <div className="flex size-20 shrink-0 items-center justify-center rounded-lg border bg-muted">
          {shown ? (
            <img
              src={shown}
              alt={preview ? 'Preview of the chosen logo' : 'Current logo'}
              className="size-16 object-contain"
            />
          ) : (
            <span className="flex flex-col items-center text-xs text-muted-foreground">
              <ImageIcon className="size-5" aria-hidden="true" /> No logo
            </span>
          )}
        </div>
        <div className="grid flex-1 gap-2">
          <Label htmlFor="logo-file">Choose an image</Label>
          <FilePicker
            id="logo-file"
            inputRef={input}
            accept={ACCEPT}
            disabled={!editable}
            onChange={choose}
            fileName={file?.name ?? null}
            describedBy={problem ? 'logo-problem' : undefined}
            buttonText="Choose image"
          />
          {problem && (
            <p id="logo-problem" className="text-sm text-destructive">
              {problem}
            </p>
          )}
          <div className="flex flex-wrap gap-2">
            <Button
              type="button"
              size="sm"
              disabled={!editable || !file || upload.isPending}
              onClick={() => file && upload.mutate(file, { onSuccess: reset })}
            >
              {upload.isPending ? <Loader2 className="animate-spin" /> : <Upload />} Upload logo
            </Button>
            {settings.logoUrl && (
              <Button
                type="button"
                size="sm"
                variant="outline"
                disabled={!settings.canManage || remove.isPending}
                onClick={() => remove.mutate()}
              >
                {remove.isPending ? <Loader2 className="animate-spin" /> : <Trash2 />} Remove logo
              </Button>
            )}
          </div>
        </div>
      </CardContent>
    </Card>
  );
}
