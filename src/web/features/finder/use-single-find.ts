import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { FindJob, FindPerson, FindResult } from '../../../shared/finder';
import { finderQueries, isRunning, useSingleFind } from './api';

export type SingleFindState =
  | { phase: 'idle' }
  /** The request is out: our server is asking the mail server. */
  | { phase: 'asking' }
  /** The server answered 202: the mail server is slow (greylisting); the job is polled. */
  | { phase: 'waiting'; job: FindJob }
  | { phase: 'done'; result: FindResult }
  /** The job ended without a result (stopped, failed) or the request was refused. */
  | { phase: 'failed'; error: unknown; job?: FindJob };

/**
 * One single find from the form to its answer: the POST, then, when the server answered before the
 * mail server did (202, result null), the job's results polled until it has finished.
 */
export function useSingleFindFlow() {
  const find = useSingleFind();
  const [waitingId, setWaitingId] = useState<string | null>(null);
  const poll = useQuery(
    finderQueries.results(waitingId, { page: 1, pageSize: 1, filter: 'all', search: '' }),
  );

  const start = (person: FindPerson) => {
    setWaitingId(null);
    find.mutate(person, { onSuccess: (r) => setWaitingId(r.result ? null : r.job.id) });
  };

  let state: SingleFindState = { phase: 'idle' };
  if (find.isPending) state = { phase: 'asking' };
  else if (find.isError) state = { phase: 'failed', error: find.error };
  else if (find.data?.result) state = { phase: 'done', result: find.data.result };
  else if (find.data) {
    const page = poll.data?.job.id === find.data.job.id ? poll.data : undefined;
    const job = page?.job ?? find.data.job;
    if (page?.results[0] && !isRunning(job)) state = { phase: 'done', result: page.results[0] };
    else if (poll.isError) state = { phase: 'failed', error: poll.error, job };
    else if (!isRunning(job) && page) state = { phase: 'failed', error: new Error(job.error ?? ''), job };
    else state = { phase: 'waiting', job };
  }
  return { state, start, reset: () => find.reset() };
}
