import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2, Search } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { type FindPerson, findPersonSchema } from '../../../shared/finder';
import { Button } from '../../ui/button';
import { FormField } from '../../ui/form-field';
import { EMPTY_PERSON, type NameMode, type PersonFormValues, toFindPerson } from './person-form';

/**
 * First and last name (or one full-name box, for names pasted from a CRM) and the company's domain or
 * website. The shared schema checks it; its "Enter a name" shows under the name fields of either mode.
 */
export function SingleFindForm(props: {
  busy: boolean;
  onFind: (person: FindPerson, domain: string) => void;
}) {
  const [mode, setMode] = useState<NameMode>('parts');
  const form = useForm<PersonFormValues>({
    resolver: zodResolver(findPersonSchema) as never,
    defaultValues: EMPTY_PERSON,
  });
  const { errors } = form.formState;
  const nameError = errors.fullName?.message ?? errors.firstName?.message ?? errors.lastName?.message;

  const switchMode = (next: NameMode) => {
    // The hidden mode's fields are emptied, so what is checked and sent is what is on screen.
    if (next === 'full') {
      form.setValue('firstName', '');
      form.setValue('lastName', '');
    } else form.setValue('fullName', '');
    form.clearErrors();
    setMode(next);
  };

  const submit = form.handleSubmit((v) => props.onFind(toFindPerson(v, mode), v.company));

  return (
    <form onSubmit={submit} noValidate className="grid gap-4" aria-label="Find one person's email">
      {mode === 'parts' ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            id="find-first"
            label="First name"
            autoComplete="off"
            error={nameError}
            {...form.register('firstName')}
          />
          <FormField id="find-last" label="Last name" autoComplete="off" {...form.register('lastName')} />
        </div>
      ) : (
        <FormField
          id="find-full"
          label="Full name"
          autoComplete="off"
          placeholder="Jane van der Berg"
          error={nameError}
          {...form.register('fullName')}
        />
      )}
      <Button
        type="button"
        variant="link"
        className="-mt-2 h-auto justify-self-start p-0"
        onClick={() => switchMode(mode === 'parts' ? 'full' : 'parts')}
      >
        {mode === 'parts' ? 'Paste a full name instead' : 'Enter first and last name instead'}
      </Button>
      <FormField
        id="find-company"
        label="Company domain or website"
        placeholder="acme.com or https://www.acme.com"
        autoComplete="off"
        inputMode="url"
        error={errors.company?.message}
        {...form.register('company')}
      />
      <Button
        type="submit"
        variant="gradient"
        disabled={props.busy}
        className="w-full sm:w-auto sm:justify-self-start"
      >
        {props.busy ? <Loader2 className="animate-spin" /> : <Search />}
        {props.busy ? 'Finding…' : 'Find email'}
      </Button>
    </form>
  );
}
