import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2, Plus } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { type AddSendingDomainInput, addSendingDomainSchema } from '../../../shared/deliverability';
import { failureToast, toast } from '../../lib/toast';
import { Button } from '../../ui/button';
import { FormField } from '../../ui/form-field';
import { useAddDomain } from './api';

/** Check a domain typed in (one that sends elsewhere, or before its mailboxes are connected). */
export function AddDomainForm() {
  const form = useForm<AddSendingDomainInput>({
    resolver: zodResolver(addSendingDomainSchema),
    defaultValues: { domain: '', dkimSelector: '', trackingDomain: '' },
  });
  const add = useAddDomain({
    onSuccess: (d) => {
      form.reset();
      toast({ title: `${d.domain} checked` });
    },
    onError: failureToast('Could not check the domain'),
  });
  const errors = form.formState.errors;
  return (
    <form
      onSubmit={form.handleSubmit((input) => add.mutate(input))}
      className="grid gap-3 sm:grid-cols-[2fr_1fr_1.5fr_auto] sm:items-end"
      noValidate
    >
      <FormField
        id="domain-name"
        label="Domain"
        placeholder="example.com"
        autoComplete="off"
        error={errors.domain?.message}
        {...form.register('domain')}
      />
      <FormField
        id="domain-dkim"
        label="DKIM selector (optional)"
        placeholder="google"
        error={errors.dkimSelector?.message}
        {...form.register('dkimSelector')}
      />
      <FormField
        id="domain-tracking"
        label="Tracking domain (optional)"
        placeholder="track.example.com"
        error={errors.trackingDomain?.message}
        {...form.register('trackingDomain')}
      />
      <Button type="submit" disabled={add.isPending}>
        {add.isPending ? <Loader2 className="animate-spin" /> : <Plus />} Check domain
      </Button>
    </form>
  );
}
