import { Loader2, Play, UploadCloud } from 'lucide-react';
import { type DragEvent, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation } from 'wouter';
import { errorMessage } from '../../lib/api';
import { toast } from '../../lib/toast';
import { cn } from '../../lib/utils';
import { Alert, AlertDescription } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { FilePicker } from '../../ui/file-picker';
import { FormField } from '../../ui/form-field';
import { useStartBulkFind } from './api';
import { ColumnPreview } from './ColumnPreview';
import { type FinderCsvPreview, previewFile } from './csv-preview';
import { PlanRefusal, refusalOf } from './refusal';

/** A CSV of people: dropped or chosen, previewed here (columns in words), then started as a job. */
export function BulkFind() {
  const [, navigate] = useLocation();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<FinderCsvPreview | null>(null);
  const [reading, setReading] = useState(false);
  const [over, setOver] = useState(false);
  const form = useForm<{ name: string }>({ defaultValues: { name: '' } });
  const start = useStartBulkFind({
    onSuccess: ({ job }) => {
      toast({
        title: 'Bulk find started',
        description: `Finding emails for ${job.total.toLocaleString()} people.`,
      });
      navigate(`/find/${job.id}`);
    },
  });
  const refusal = start.isError ? refusalOf(start.error) : null;

  const take = async (f: File | undefined) => {
    if (!f) return;
    setFile(f);
    form.reset({ name: f.name.replace(/\.csv$/i, '') });
    setPreview(null);
    start.reset();
    setReading(true);
    setPreview(await previewFile(f));
    setReading(false);
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    void take(e.dataTransfer.files[0]);
  };
  const ready = file && preview && !preview.problem;

  return (
    <Card>
      <CardHeader>
        <CardTitle>Find many people</CardTitle>
        <CardDescription id="bulk-hint">
          A CSV with a Name column (or First name and Last name) and a Domain or Website column, one person
          per row. Up to 10,000 people; one find is counted for each address found.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <section
          aria-label="CSV drop zone"
          onDragOver={(e) => {
            e.preventDefault();
            setOver(true);
          }}
          onDragLeave={() => setOver(false)}
          onDrop={onDrop}
          className={cn(
            'flex flex-col items-center gap-3 rounded-xl border-2 border-dashed px-4 py-8 text-center transition-colors',
            over ? 'border-primary bg-primary/5' : 'border-muted-foreground/25',
          )}
        >
          {reading ? (
            <Loader2 className="size-7 animate-spin text-indigo-600" aria-hidden />
          ) : (
            <UploadCloud className="size-7 text-indigo-600" aria-hidden />
          )}
          <p className="text-sm font-medium">Drop your CSV here, or choose it</p>
          <label htmlFor="bulk-file" className="sr-only">
            CSV of people to find
          </label>
          <FilePicker
            id="bulk-file"
            accept=".csv,text/csv"
            fileName={file?.name ?? null}
            describedBy="bulk-hint"
            buttonText="Choose CSV file"
            onChange={(e) => {
              void take(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
        </section>
        {file && preview && <ColumnPreview fileName={file.name} preview={preview} />}
        {ready && (
          <form
            className="flex flex-col gap-3 sm:flex-row sm:items-end"
            onSubmit={form.handleSubmit((v) => start.mutate({ file, name: v.name.trim() || undefined }))}
          >
            <div className="flex-1">
              <FormField
                id="bulk-name"
                label="Name of this find"
                maxLength={120}
                {...form.register('name')}
              />
            </div>
            <Button type="submit" variant="gradient" disabled={start.isPending}>
              {start.isPending ? <Loader2 className="animate-spin" /> : <Play />}
              Find {preview.rows.toLocaleString()} {preview.rows === 1 ? 'email' : 'emails'}
            </Button>
          </form>
        )}
        {refusal && <PlanRefusal refusal={refusal} />}
        {start.isError && !refusal && (
          <Alert variant="destructive" data-testid="bulk-refused">
            <AlertDescription>
              {errorMessage(start.error, 'The find could not start. Please try again.')}
            </AlertDescription>
          </Alert>
        )}
      </CardContent>
    </Card>
  );
}
