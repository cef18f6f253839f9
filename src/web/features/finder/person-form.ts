import type { FindPerson } from '../../../shared/finder';

// The single-find form's values and what is sent. The form shows either first and last name or one
// full-name box; the other mode's fields are emptied on switching, so the shared schema
// (findPersonSchema, which wants one of them) judges exactly what the user sees.

export type NameMode = 'parts' | 'full';

export interface PersonFormValues {
  firstName: string;
  lastName: string;
  fullName: string;
  company: string;
}

export const EMPTY_PERSON: PersonFormValues = { firstName: '', lastName: '', fullName: '', company: '' };

/** The request body: only the name fields of the mode shown, without empty ones. */
export function toFindPerson(v: Partial<PersonFormValues>, mode: NameMode): FindPerson {
  const [first, last, full] = [v.firstName, v.lastName, v.fullName].map((s) => s?.trim() ?? '');
  const person: FindPerson = { company: v.company?.trim() ?? '' };
  if (mode === 'full') {
    if (full) person.fullName = full;
  } else {
    if (first) person.firstName = first;
    if (last) person.lastName = last;
  }
  return person;
}

/** The host a company field names, for the waiting line ("Asking acme.com's mail server…"). */
export function domainOf(company: string): string {
  const host = company
    .trim()
    .replace(/^[a-z][a-z0-9+.-]*:\/\//i, '')
    .replace(/^[^@/]*@/, '')
    .split(/[/?#:]/)[0]
    .replace(/^www\./i, '')
    .toLowerCase();
  return host || company.trim();
}
