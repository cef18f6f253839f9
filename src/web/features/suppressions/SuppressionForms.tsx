import { zodResolver } from '@hookform/resolvers/zod';
import { Download, Loader2, Plus } from 'lucide-react';
import { useRef } from 'react';
import { useForm } from 'react-hook-form';
import {
  type AddSuppressionInput,
  addSuppressionSchema,
  type ImportResult,
  MAX_SUPPRESSION_IMPORT_BYTES,
} from '../../../shared/suppressions';
import { failureToast, toast } from '../../lib/toast';
import { Button } from '../../ui/button';
import { FilePicker } from '../../ui/file-picker';
import { Input } from '../../ui/input';
import { Label } from '../../ui/label';
import { SUPPRESSIONS_EXPORT_URL, useAddSuppression, useImportSuppressions } from './api';
import { ImportRefusals } from './ImportRefusals';

const summary = (r: ImportResult) =>
  `${r.added} added, ${r.alreadyListed} already on the list${r.skipped ? `, ${r.skipped} rows without an address` : ''}${r.refused ? `, ${r.refused} refused` : ''}.`;

/** Add one address by hand; import a CSV file; export the whole list. */
export function SuppressionForms() {
  const form = useForm<AddSuppressionInput>({
    resolver: zodResolver(addSuppressionSchema),
    defaultValues: { email: '' },
  });
  const file = useRef<HTMLInputElement>(null);
  const add = useAddSuppression({
    onSuccess: (r) => {
      form.reset();
      toast({ title: r.added ? 'Address suppressed' : 'Already on the list' });
    },
    onError: failureToast('Could not add the address'),
  });
  const upload = useImportSuppressions(MAX_SUPPRESSION_IMPORT_BYTES, {
    onSuccess: (r) => {
      toast({ title: 'File imported', description: summary(r) });
    },
    onError: failureToast('Could not import the file'),
    onSettled: () => {
      if (file.current) file.current.value = '';
    },
  });
  const error = form.formState.errors.email?.message;

  return (
    <div className="space-y-4">
      <form
        onSubmit={form.handleSubmit((input) => add.mutate(input))}
        className="flex flex-col gap-3 sm:flex-row sm:items-end"
        noValidate
      >
        <div className="flex-1 space-y-1.5">
          <Label htmlFor="suppress-email">Email address</Label>
          <Input
            id="suppress-email"
            type="email"
            placeholder="name@company.com"
            aria-invalid={Boolean(error)}
            aria-describedby={error ? 'suppress-email-error' : undefined}
            {...form.register('email')}
          />
          {error && (
            <p id="suppress-email-error" className="text-sm text-destructive">
              {error}
            </p>
          )}
        </div>
        <Button type="submit" disabled={add.isPending}>
          {add.isPending ? <Loader2 className="animate-spin" /> : <Plus />} Add to list
        </Button>
      </form>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="min-w-0 space-y-1.5">
          <Label htmlFor="suppress-file">Import a CSV file of addresses</Label>
          <FilePicker
            id="suppress-file"
            inputRef={file}
            accept=".csv,text/csv,text/plain"
            disabled={upload.isPending}
            fileName={upload.isPending ? 'Importing…' : (upload.variables?.name ?? null)}
            buttonText="Import CSV"
            onChange={(e) => {
              const f = e.target.files?.[0];
              if (f) upload.mutate(f);
            }}
          />
        </div>
        <Button asChild variant="outline">
          <a href={SUPPRESSIONS_EXPORT_URL} download>
            <Download /> Export CSV
          </a>
        </Button>
      </div>
      <ImportRefusals result={upload.data} />
    </div>
  );
}
