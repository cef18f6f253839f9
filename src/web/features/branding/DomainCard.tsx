import { zodResolver } from '@hookform/resolvers/zod';
import { Globe, Loader2, RefreshCw, Unlink } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  type BrandingSettings,
  claimDomainSchema,
  type DomainCheck,
  type DomainState,
} from '../../../shared/branding';
import { formatDay } from '../../lib/format';
import { failureToast, toast } from '../../lib/toast';
import { Alert, AlertDescription } from '../../ui/alert';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { CopyButton } from '../../ui/copy-button';
import { FormField } from '../../ui/form-field';
import { useCheckDomain, useClaimDomain, useReleaseDomain } from './api';

type ClaimDomainInput = z.input<typeof claimDomainSchema>;

function CopyField({ label, value }: { label: string; value: string }) {
  return (
    <div className="grid gap-1">
      <span className="text-xs font-medium text-muted-foreground">{label}</span>
      <div className="flex items-center gap-2">
        <code className="flex-1 break-all rounded bg-muted px-2 py-1.5 text-xs">{value}</code>
        <CopyButton
          key={value}
          text={value}
          size="sm"
          aria-label={`Copy the record ${label.toLowerCase()}`}
        />
      </div>
    </div>
  );
}

function Pending({ domain, canManage }: { domain: DomainState; canManage: boolean }) {
  const [result, setResult] = useState<DomainCheck | null>(null);
  const check = useCheckDomain({
    onSuccess: setResult,
    onError: failureToast('Could not check'),
  });
  const reason = result?.message ?? domain.reason;
  return (
    <div className="grid gap-4">
      <p className="text-sm">
        Create this TXT record at your DNS provider, then press <strong>Check now</strong>. Until it is
        verified, {domain.domain} shows the default branding.
      </p>
      <CopyField label="Name" value={domain.txtName} />
      <CopyField label="Value" value={domain.txtValue} />
      {reason && (
        <Alert variant={result?.result === 'unknown' ? 'warning' : 'default'} role="status">
          <AlertDescription data-testid="domain-check-reason">{reason}</AlertDescription>
        </Alert>
      )}
      <div>
        <Button type="button" disabled={!canManage || check.isPending} onClick={() => check.mutate()}>
          {check.isPending ? <Loader2 className="animate-spin" /> : <RefreshCw />} Check now
        </Button>
      </div>
    </div>
  );
}

/** The custom domain: claim, the TXT record to publish and its check, verified state, release. */
export function DomainCard({ settings, editable }: { settings: BrandingSettings; editable: boolean }) {
  const form = useForm<ClaimDomainInput>({
    resolver: zodResolver(claimDomainSchema),
    defaultValues: { domain: '' },
  });
  const name = form.watch('domain');
  const nameError = form.formState.errors.domain?.message;
  const { domain } = settings;
  const claim = useClaimDomain({ onError: failureToast('Could not claim the domain') });
  const release = useReleaseDomain({
    onSuccess: () => toast({ title: 'Domain released', variant: 'success' }),
    onError: failureToast('Could not release the domain'),
  });
  const submit = form.handleSubmit((v) => claim.mutate(v.domain, { onSuccess: () => form.reset() }));

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Globe className="size-5" aria-hidden="true" /> Custom domain
          {domain &&
            (domain.status === 'verified' ? (
              <Badge variant="success">Verified</Badge>
            ) : (
              <Badge variant="warning">Pending verification</Badge>
            ))}
        </CardTitle>
        <CardDescription>
          Your customers sign in at your own address (e.g. app.yourcompany.com) and see your branding there.
          Point the name at this service first (a CNAME or A record, as your administrator set it up).
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {!domain ? (
          <form onSubmit={submit} className="flex flex-col gap-3 sm:flex-row sm:items-end">
            <div className="flex-1">
              <FormField
                id="custom-domain"
                label="Domain name"
                placeholder="app.yourcompany.com"
                disabled={!editable}
                error={nameError}
                {...form.register('domain')}
              />
            </div>
            <Button type="submit" disabled={!editable || !name?.trim() || claim.isPending}>
              {claim.isPending ? <Loader2 className="animate-spin" /> : <Globe />} Claim domain
            </Button>
          </form>
        ) : (
          <>
            <p className="text-lg font-semibold" data-testid="custom-domain">
              {domain.domain}
            </p>
            {domain.status === 'verified' ? (
              <p className="text-sm text-muted-foreground">Verified on {formatDay(domain.verifiedAt)}.</p>
            ) : (
              <Pending domain={domain} canManage={settings.canManage} />
            )}
            <div>
              <Button
                type="button"
                variant="outline"
                disabled={!settings.canManage || release.isPending}
                onClick={() => release.mutate()}
              >
                {release.isPending ? <Loader2 className="animate-spin" /> : <Unlink />} Release domain
              </Button>
            </div>
          </>
        )}
      </CardContent>
    </Card>
  );
}
