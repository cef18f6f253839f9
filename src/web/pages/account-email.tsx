import { CheckCircle2, Loader2 } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useSearch } from 'wouter';
import { useConfirmEmailChange } from '../features/account/api';
import { errorMessage } from '../lib/api';
import { Alert, AlertDescription, AlertTitle } from '../ui/alert';
import { PageHeader } from '../ui/PageHeader';

/** The new address's confirmation link: opened signed in, it makes the address the account's. */
export default function AccountEmailPage() {
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const confirm = useConfirmEmailChange(token);
  const { mutate } = confirm;
  // Once: the link is single-use (a second run, e.g. React's development double effect, would answer 410).
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    mutate();
  }, [mutate]);
  return (
    <div className="space-y-6">
      <PageHeader title="Confirm email address" description="The link from your new address" />
      {confirm.isSuccess ? (
        <Alert role="status" data-testid="email-confirmed">
          <CheckCircle2 />
          <AlertTitle>Email address changed</AlertTitle>
          <AlertDescription>
            Your account now uses <strong>{confirm.data.email}</strong>.{' '}
            <Link
              href="/settings/account"
              className="font-medium text-primary underline-offset-4 hover:underline"
            >
              Back to your account
            </Link>
          </AlertDescription>
        </Alert>
      ) : confirm.isError ? (
        <Alert variant="destructive">
          <AlertTitle>Could not confirm the address</AlertTitle>
          <AlertDescription>{errorMessage(confirm.error, 'Please try again.')}</AlertDescription>
        </Alert>
      ) : (
        <div className="flex justify-center py-12">
          <Loader2 className="size-6 animate-spin text-muted-foreground" aria-label="Confirming" />
        </div>
      )}
    </div>
  );
}
