import { useQuery } from '@tanstack/react-query';
import { AlertTriangle } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { CHECK_LABELS, type DomainState, domainOfEmail } from '../../../../shared/deliverability';
import { Alert, AlertDescription, AlertTitle } from '../../../ui/alert';
import { Badge } from '../../../ui/badge';
import { Checkbox } from '../../../ui/checkbox';
import { Label } from '../../../ui/label';
import { automationQueries } from './api';

const WORDS: Record<
  DomainState,
  { label: string; variant: 'success' | 'warning' | 'destructive' | 'secondary' }
> = {
  pass: { label: 'DNS checks pass', variant: 'success' },
  warn: { label: 'DNS warnings', variant: 'warning' },
  fail: { label: 'Fails a DNS check', variant: 'destructive' },
  unknown: { label: 'Could not check', variant: 'secondary' },
  unchecked: { label: 'Not checked yet', variant: 'secondary' },
};

/** The chosen mailboxes' domains with their last DNS check (the Deliverability page's data). */
export function useSendingDomains(accountIds: number[]) {
  const accounts = useQuery(automationQueries.emailAccounts());
  const domains = useQuery(automationQueries.sendingDomainChecks());
  const chosen = new Set(accountIds);
  const names = [
    ...new Set((accounts.data ?? []).filter((a) => chosen.has(a.id)).map((a) => domainOfEmail(a.fromEmail))),
  ];
  const rows = names.map((name) => ({
    name,
    domain: domains.data?.domains.find((d) => d.domain === name) ?? null,
  }));
  const failing = rows.filter((r) => r.domain?.state === 'fail');
  const [confirmed, setConfirmed] = useState(false);
  const force = failing.length > 0 && confirmed;
  return { rows, failing, confirmed, setConfirmed, force, blocked: failing.length > 0 && !confirmed };
}

/** A mailbox's domain and its last DNS check, where a campaign lists its sending accounts. */
export function MailboxDomainState({ email }: { email: string }) {
  const domains = useQuery(automationQueries.sendingDomainChecks());
  const name = domainOfEmail(email);
  const state = domains.data?.domains.find((d) => d.domain === name)?.state;
  if (!state) return null;
  return <Badge variant={WORDS[state].variant}>{WORDS[state].label}</Badge>;
}

/**
 * Under the sending accounts: each one's domain and its DNS state. A failing domain (no SPF or DMARC, on a
 * blocklist) needs the explicit "send anyway" before the Send button works; the server asks the same.
 */
export function SendingDomains({ sending }: { sending: ReturnType<typeof useSendingDomains> }) {
  if (!sending.rows.length) return null;
  return (
    <section aria-label="Sending domains" className="space-y-3">
      <ul className="flex flex-wrap gap-2 text-sm">
        {sending.rows.map(({ name, domain }) => {
          const w = WORDS[domain?.state ?? 'unchecked'];
          return (
            <li key={name} className="flex items-center gap-2 rounded-md border px-2 py-1">
              <span className="break-all">{name}</span> <Badge variant={w.variant}>{w.label}</Badge>
            </li>
          );
        })}
      </ul>
      {sending.failing.length > 0 && (
        <Alert variant="destructive">
          <AlertTriangle />
          <AlertTitle>A sending domain fails its DNS checks</AlertTitle>
          <AlertDescription className="space-y-2">
            <ul className="list-disc pl-4">
              {sending.failing.map(({ name, domain }) => (
                <li key={name}>
                  {name}:{' '}
                  {domain?.checks
                    .filter((c) => c.status === 'fail')
                    .map((c) => `${CHECK_LABELS[c.key]}: ${c.summary}`)
                    .join(' ')}
                </li>
              ))}
            </ul>
            <p>
              Mail from it is likely to land in spam or be refused, and the domain's reputation suffers.{' '}
              <Link href="/smartlead/deliverability" className="underline">
                See how to fix it
              </Link>
              .
            </p>
            <div className="flex items-center gap-2">
              <Checkbox
                id="send-anyway"
                checked={sending.confirmed}
                onCheckedChange={(v) => sending.setConfirmed(v === true)}
              />
              <Label htmlFor="send-anyway">Send from this domain anyway</Label>
            </div>
          </AlertDescription>
        </Alert>
      )}
    </section>
  );
}
