import { FileSpreadsheet, Loader2, UploadCloud } from 'lucide-react';
import { type DragEvent, useRef, useState } from 'react';
import { CSV_EXTENSION_MESSAGE, CSV_SIZE_MESSAGE, MAX_CSV_BYTES } from '../../../shared/lists';
import { cn } from '../../lib/utils';
import { Button } from '../../ui/button';

/** Only .csv, at most 10 MB; otherwise an alert, and nothing is sent. */
export function checkCsvFile(file: File): string | null {
  if (!file.name.toLowerCase().endsWith('.csv')) return CSV_EXTENSION_MESSAGE;
  if (file.size > MAX_CSV_BYTES) return CSV_SIZE_MESSAGE;
  return null;
}

export function FileDropZone({ onFile, uploading }: { onFile: (file: File) => void; uploading: boolean }) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);

  const take = (file: File | undefined) => {
    if (!file) return;
    const problem = checkCsvFile(file);
    if (problem) {
      window.alert(problem);
      return;
    }
    onFile(file);
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    take(e.dataTransfer.files[0]);
  };

  return (
    <section
      aria-label="CSV drop zone"
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      className={cn(
        'flex flex-col items-center justify-center gap-4 rounded-xl border-2 border-dashed px-6 py-12 text-center transition-colors',
        over ? 'border-primary bg-primary/5' : 'border-muted-foreground/25 bg-card',
      )}
    >
      <span className="flex size-14 items-center justify-center rounded-full bg-indigo-50 text-indigo-600">
        {uploading ? <Loader2 className="size-7 animate-spin" /> : <UploadCloud className="size-7" />}
      </span>
      <div>
        <p className="text-lg font-semibold">{uploading ? 'Uploading…' : 'Drop your CSV file here'}</p>
        <p className="mt-1 text-sm text-muted-foreground">
          or choose a file from your computer. CSV only, up to 10 MB, with a column of email addresses.
        </p>
      </div>
      <input
        ref={input}
        type="file"
        accept=".csv,text/csv"
        className="sr-only"
        aria-label="Choose CSV file"
        data-testid="csv-input"
        onChange={(e) => {
          take(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
      <div className="flex flex-wrap items-center justify-center gap-3">
        <Button type="button" onClick={() => input.current?.click()} disabled={uploading}>
          <FileSpreadsheet /> Choose CSV File
        </Button>
        <Button variant="link" asChild>
          <a href="/email-template.csv" download>
            Download CSV Template
          </a>
        </Button>
      </div>
    </section>
  );
}
