import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2 } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { passwordConfirmSchema } from '../../../shared/two-factor';
import { Button } from '../../ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../ui/dialog';
import { FormField } from '../../ui/form-field';

/** Asks for the password again before a change to how the account signs in. */
export function PasswordDialog(props: {
  open: boolean;
  title: string;
  description: string;
  confirm: string;
  busy: boolean;
  error?: string;
  onClose: () => void;
  onConfirm: (password: string) => void;
}) {
  const form = useForm({ resolver: zodResolver(passwordConfirmSchema), defaultValues: { password: '' } });
  const password = form.watch('password');
  return (
    <Dialog
      open={props.open}
      onOpenChange={(o) => {
        if (!o) {
          form.reset();
          props.onClose();
        }
      }}
    >
      <DialogContent>
        <form
          className="grid gap-4"
          noValidate
          onSubmit={form.handleSubmit((v) => props.onConfirm(v.password))}
        >
          <DialogHeader>
            <DialogTitle>{props.title}</DialogTitle>
            <DialogDescription>{props.description}</DialogDescription>
          </DialogHeader>
          <FormField
            id="confirm-password"
            label="Your password"
            type="password"
            autoComplete="current-password"
            error={form.formState.errors.password?.message ?? props.error}
            {...form.register('password')}
          />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={props.onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={props.busy || password.length === 0}>
              {props.busy && <Loader2 className="animate-spin" />}
              {props.confirm}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
