import { useQuery } from '@tanstack/react-query';
import { Loader2, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import type { TwoFactorSetup } from '../../../shared/two-factor';
import { errorMessage } from '../../lib/api';
import { formatDay } from '../../lib/format';
import { failureToast, toast } from '../../lib/toast';
import { Alert, AlertDescription, AlertTitle } from '../../ui/alert';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { securityQueries, useStartTwoFactor, useTwoFactorWithPassword } from './api';
import { PasswordDialog } from './PasswordDialog';
import { RecoveryCodesPanel } from './RecoveryCodesPanel';
import { TwoFactorSetupForm } from './TwoFactorSetupForm';

/** Two-factor sign-in: set up with an authenticator app, recovery codes, turn off. */
export function TwoFactorCard() {
  const status = useQuery(securityQueries.twoFactor());
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [asking, setAsking] = useState<'disable' | 'codes' | null>(null);
  const start = useStartTwoFactor({
    onSuccess: setSetup,
    onError: failureToast('Could not start the setup'),
  });
  const withPassword = useTwoFactorWithPassword({
    onSuccess: (r) => {
      setAsking(null);
      if (r) setCodes(r.recoveryCodes);
      else toast({ title: 'Two-factor sign-in is off' });
    },
  });
  const s = status.data;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2">
          <ShieldCheck className="size-5" aria-hidden="true" /> Two-factor sign-in
          {s && <Badge variant={s.enabled ? 'success' : 'secondary'}>{s.enabled ? 'On' : 'Off'}</Badge>}
        </CardTitle>
        <CardDescription>
          After your password, sign-in asks for a code from an app on your phone.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {status.isLoading ? (
          <Loader2 className="size-5 animate-spin text-muted-foreground" aria-label="Loading" />
        ) : status.isError || !s ? (
          <Alert variant="destructive">
            <AlertTitle>Could not load your sign-in settings</AlertTitle>
            <AlertDescription>{errorMessage(status.error, 'Please reload the page.')}</AlertDescription>
          </Alert>
        ) : codes ? (
          <RecoveryCodesPanel codes={codes} onDone={() => setCodes(null)} />
        ) : setup && !s.enabled ? (
          <TwoFactorSetupForm
            setup={setup}
            onCancel={() => setSetup(null)}
            onEnabled={(c) => {
              setSetup(null);
              setCodes(c);
              toast({ title: 'Two-factor sign-in is on' });
            }}
          />
        ) : s.enabled ? (
          <>
            <p className="text-sm">
              On since {formatDay(s.enabledAt)}. {s.recoveryCodesLeft} recovery code
              {s.recoveryCodesLeft === 1 ? '' : 's'} left.
            </p>
            <div className="flex flex-wrap gap-2">
              <Button variant="outline" onClick={() => setAsking('codes')}>
                New recovery codes
              </Button>
              <Button variant="outline" onClick={() => setAsking('disable')}>
                Turn off
              </Button>
            </div>
          </>
        ) : (
          <div>
            <Button onClick={() => start.mutate()} disabled={start.isPending}>
              {start.isPending && <Loader2 className="animate-spin" />}
              Set up two-factor sign-in
            </Button>
          </div>
        )}
      </CardContent>
      <PasswordDialog
        open={asking !== null}
        title={asking === 'disable' ? 'Turn off two-factor sign-in?' : 'Make new recovery codes?'}
        description={
          asking === 'disable'
            ? 'Sign-in will ask for your password only. Enter it to confirm.'
            : 'Your old recovery codes stop working. Enter your password to confirm.'
        }
        confirm={asking === 'disable' ? 'Turn off' : 'Make new codes'}
        busy={withPassword.isPending}
        error={withPassword.error ? errorMessage(withPassword.error, 'Please try again.') : undefined}
        onClose={() => {
          setAsking(null);
          withPassword.reset();
        }}
        onConfirm={(p) => asking && withPassword.mutate({ action: asking, password: p })}
      />
    </Card>
  );
}
