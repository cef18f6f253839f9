import type { FieldErrors, Path, UseFormReturn } from 'react-hook-form';
import { type MailboxLoginInput, SMTP_SECURITY } from '../../../../shared/mailboxes';
import { FormField } from '../../../ui/form-field';
import { Label } from '../../../ui/label';

type ServerFields = Pick<
  MailboxLoginInput,
  'smtpHost' | 'smtpPort' | 'smtpSecurity' | 'imapHost' | 'imapPort'
>;

/**
 * A mailbox's SMTP and IMAP servers (host, port, security), as connecting it and changing its sign-in
 * details both ask for them. Four cells of the parent form's two-column grid.
 */
export function MailboxServerFields<T extends ServerFields>({
  form,
  idPrefix,
  examples = false,
}: {
  form: UseFormReturn<T>;
  /** Prefix of the inputs' ids (`mb-smtp-host`, …), unique per form. */
  idPrefix: string;
  /** Show example server names as placeholders. */
  examples?: boolean;
}) {
  const errors = form.formState.errors as FieldErrors<ServerFields>;
  const field = (name: keyof ServerFields) => form.register(name as Path<T>);
  return (
    <>
      <FormField
        id={`${idPrefix}-smtp-host`}
        label="SMTP server"
        placeholder={examples ? 'smtp.example.com' : undefined}
        error={errors.smtpHost?.message}
        {...field('smtpHost')}
      />
      <div className="grid grid-cols-2 gap-2">
        <FormField
          id={`${idPrefix}-smtp-port`}
          label="SMTP port"
          inputMode="numeric"
          error={errors.smtpPort?.message}
          {...field('smtpPort')}
        />
        <div className="grid gap-2">
          <Label htmlFor={`${idPrefix}-smtp-security`}>Security</Label>
          <select
            id={`${idPrefix}-smtp-security`}
            className="h-9 rounded-md border bg-background px-2 text-sm"
            {...field('smtpSecurity')}
          >
            {SMTP_SECURITY.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </div>
      </div>
      <FormField
        id={`${idPrefix}-imap-host`}
        label="IMAP server"
        placeholder={examples ? 'imap.example.com' : undefined}
        error={errors.imapHost?.message}
        {...field('imapHost')}
      />
      <FormField
        id={`${idPrefix}-imap-port`}
        label="IMAP port"
        inputMode="numeric"
        error={errors.imapPort?.message}
        {...field('imapPort')}
      />
    </>
  );
}
