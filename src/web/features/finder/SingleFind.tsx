import { AlertTriangle, Loader2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { errorMessage } from '../../lib/api';
import { Alert, AlertDescription, AlertTitle } from '../../ui/alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { VerificationNotice } from '../../ui/verification-notice';
import { FindAnswer } from './FindAnswer';
import { domainOf } from './person-form';
import { PlanRefusal, refusalOf } from './refusal';
import { SingleFindForm } from './SingleFindForm';
import { type SingleFindState, useSingleFindFlow } from './use-single-find';

/** While the finder works: which mail server is being asked, and what a slow one means. */
function Waiting({ domain, state }: { domain: string; state: SingleFindState }) {
  const slow = state.phase === 'waiting';
  const paused = state.phase === 'waiting' && state.job.notice !== null;
  return (
    <div
      className="flex items-start gap-3 rounded-lg border border-sky-200 bg-sky-50 p-4 text-sm text-sky-900"
      role="status"
      data-testid="find-waiting"
    >
      <Loader2 className="mt-0.5 size-4 shrink-0 animate-spin" aria-hidden />
      <div className="space-y-1">
        <p className="font-medium">
          {paused ? `Waiting to ask ${domain}'s mail server` : `Asking ${domain}'s mail server…`}
        </p>
        <p>
          {paused
            ? 'Nothing is asked while our side has the problem below; the find goes on by itself, and its answer appears here and in your history.'
            : slow
              ? 'The server has not answered yet (some make new senders wait a few minutes). We keep asking; the answer appears here and in your history.'
              : 'We learn the company’s address pattern, then ask its mail server about the likely addresses. This takes a few seconds.'}
        </p>
        {state.phase === 'waiting' && (
          <Link href={`/find/${state.job.id}`} className="font-medium underline underline-offset-2">
            Open this find
          </Link>
        )}
      </div>
    </div>
  );
}

/** The single find: the form, then the progress, the answer or what went wrong. */
export function SingleFind() {
  const { state, start } = useSingleFindFlow();
  const [domain, setDomain] = useState('');
  const refusal = state.phase === 'failed' ? refusalOf(state.error) : null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Find one person</CardTitle>
        <CardDescription>
          Their name and their company's domain or website: we find the address and check it with the
          company's mail server.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        <SingleFindForm
          busy={state.phase === 'asking'}
          onFind={(person, company) => {
            setDomain(domainOf(company));
            start(person);
          }}
        />
        <div aria-live="polite" className="space-y-4">
          {(state.phase === 'asking' || state.phase === 'waiting') && (
            <Waiting domain={domain} state={state} />
          )}
          {state.phase === 'waiting' && <VerificationNotice notice={state.job.notice} compact />}
          {state.phase === 'done' && <FindAnswer result={state.result} />}
          {refusal && <PlanRefusal refusal={refusal} />}
          {state.phase === 'failed' && !refusal && (
            <Alert variant="destructive">
              <AlertTriangle />
              <AlertTitle>The find did not finish</AlertTitle>
              <AlertDescription>
                {errorMessage(state.error, 'Please try again.') || 'Please try again.'}
              </AlertDescription>
            </Alert>
          )}
        </div>
      </CardContent>
    </Card>
  );
}
