import { useQuery } from '@tanstack/react-query';
import { Loader2 } from 'lucide-react';
import { accountQueries } from '../features/account/api';
import { DeleteAccountCard } from '../features/account/DeleteAccountCard';
import { EmailCard } from '../features/account/EmailCard';
import { PasswordCard } from '../features/account/PasswordCard';
import { ProfileCard } from '../features/account/ProfileCard';
import { SessionsCard } from '../features/account/SessionsCard';
import { errorMessage } from '../lib/api';
import { Alert, AlertDescription, AlertTitle } from '../ui/alert';
import { Button } from '../ui/button';
import { PageHeader } from '../ui/PageHeader';

/** The signed-in person's own account: name, picture, address, password, sessions, deletion. */
export default function AccountPage() {
  const account = useQuery(accountQueries.account());
  return (
    <div className="space-y-6">
      <PageHeader title="Account" description="Your name, sign-in details and sessions" />
      {account.isLoading ? (
        <div className="flex justify-center py-12">
          <Loader2 className="size-6 animate-spin text-muted-foreground" aria-label="Loading your account" />
        </div>
      ) : account.isError || !account.data ? (
        <Alert variant="destructive">
          <AlertTitle>Could not load your account</AlertTitle>
          <AlertDescription className="mt-2 space-y-2">
            <p>{errorMessage(account.error, 'Please try again.')}</p>
            <Button size="sm" variant="outline" onClick={() => account.refetch()}>
              Retry
            </Button>
          </AlertDescription>
        </Alert>
      ) : (
        <>
          <ProfileCard key={account.data.id} account={account.data} />
          <EmailCard account={account.data} />
          <PasswordCard />
          <SessionsCard />
          <DeleteAccountCard />
        </>
      )}
    </div>
  );
}
