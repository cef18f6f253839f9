import { errorMessage } from './api';

/**
 * The server's message for one form field: a 400 that names its `field` is shown under that field
 * (e.g. a wrong current password), not only in a toast.
 */
export function fieldErrorOf(err: unknown) {
  let field: string | undefined;
  if (err instanceof Error) {
    const body = /^\d{3}: ([\s\S]*)$/.exec(err.message)?.[1];
    try {
      field = body ? (JSON.parse(body) as { field?: string }).field : undefined;
    } catch {
      field = undefined;
    }
  }
  return (name: string) => (field === name ? errorMessage(err, 'Please check this field.') : undefined);
}
