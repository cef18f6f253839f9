import { Loader2 } from 'lucide-react';
import { useState } from 'react';
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
  const [password, setPassword] = useState('');
  return (
    <Dialog
      open={props.open}
      onOpenChange={(o) => {
        if (!o) {
          setPassword('');
          props.onClose();
        }
      }}
    >
      <DialogContent>
        <form
          className="grid gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            props.onConfirm(password);
          }}
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
            value={password}
            error={props.error}
            onChange={(e) => setPassword(e.target.value)}
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
