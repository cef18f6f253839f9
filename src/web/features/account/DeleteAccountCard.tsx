import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { errorMessage, queryClient } from '../../lib/api';
import { USER_KEY } from '../../lib/auth';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { FormField } from '../../ui/form-field';
import { accountCalls, useAccountAction } from './api';

/** Deleting the account, confirmed by the password. */
export function DeleteAccountCard() {
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const remove = useAccountAction({
    request: accountCalls.deleteAccount,
    failure: 'Could not delete the account',
    onDone: () => {
      queryClient.setQueryData(USER_KEY, null);
      queryClient.clear();
      window.location.assign('/?account=deleted');
    },
  });
  const close = () => {
    setOpen(false);
    setPassword('');
    remove.reset();
  };
  return (
    <Card className="border-destructive/40">
      <CardHeader>
        <CardTitle>Delete account</CardTitle>
        <CardDescription>
          Deletes your account, your personal workspace with its lists, results, campaigns and settings, and
          signs you out everywhere. A workspace you share with others must first be handed over or deleted
          (Team). This cannot be undone.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Button variant="destructive" onClick={() => setOpen(true)}>
          <Trash2 /> Delete my account
        </Button>
        <ConfirmDialog
          open={open}
          onClose={close}
          title="Delete your account?"
          description="Everything listed above is deleted at once. Enter your password to confirm."
          confirm="Delete account"
          busy={remove.isPending}
          ready={password.length > 0}
          onConfirm={() => remove.mutate(password)}
        >
          <FormField
            id="delete-password"
            label="Password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={remove.isError ? errorMessage(remove.error, 'Please try again.') : undefined}
          />
        </ConfirmDialog>
      </CardContent>
    </Card>
  );
}
