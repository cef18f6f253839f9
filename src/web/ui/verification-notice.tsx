import { Globe, Hourglass, PlugZap, ServerCrash } from 'lucide-react';
import type { OurSideNotice } from '../../shared/verification';
import { formatTime } from '../lib/format';
import { Alert, AlertDescription, AlertTitle } from './alert';

const TITLE: Record<OurSideNotice['kind'], string> = {
  dns: 'Verification is paused: a problem on our side (DNS)',
  smtp: 'Verification is paused: a problem on our side (mail network)',
  verifier: 'Verification is paused: a problem on our side (verification service)',
  budget: 'Paused: the probe budget is spent for now',
};
const ICON = { dns: Globe, smtp: PlugZap, verifier: ServerCrash, budget: Hourglass };
/** What the operator of this server changes, and the command that checks it (README, "npm run doctor"). */
const FIX: Record<OurSideNotice['kind'], string> = {
  dns: 'For the operator: set DNS_SERVERS to a resolver that answers truly; `npm run doctor` checks it.',
  smtp: 'For the operator: open outbound port 25, or set SMTP_PROXY to a proxy that may use it; `npm run doctor` checks it.',
  verifier: 'For the operator: check VERIFIER_API_URL and VERIFIER_API_KEY.',
  budget:
    'Every address checked costs mail-server checks from this IP, shared by all customers: the plan sets how many an hour and a day (see Usage).',
};

/**
 * A run that waits because of our side (the DNS resolver lies or is silent, mail servers cannot be
 * reached from here, the verifier API is down): the rows stay pending and no verdict is made up, so
 * the screen says so plainly, with the time of the next try, instead of a stuck bar or wrong verdicts.
 */
export function VerificationNotice({ notice, compact }: { notice: OurSideNotice | null; compact?: boolean }) {
  if (!notice) return null;
  const Icon = ICON[notice.kind];
  const next = formatTime(notice.nextTryAt);
  return (
    <Alert variant="warning" data-testid="verification-notice" data-kind={notice.kind}>
      <Icon aria-hidden="true" />
      <AlertTitle>{TITLE[notice.kind]}</AlertTitle>
      <AlertDescription>
        <p>
          {notice.message}.{' '}
          <span data-testid="notice-next-try">
            {notice.kind === 'budget' ? 'Resumes at' : 'Next try at'} {next}.
          </span>
        </p>
        <p className="mt-1" data-testid="notice-fix">
          {FIX[notice.kind]}
        </p>
        {!compact && (
          <p className="mt-1">
            Emails not checked yet stay pending: none is marked invalid or risky because of this, and the
            results so far are kept.
          </p>
        )}
      </AlertDescription>
    </Alert>
  );
}
