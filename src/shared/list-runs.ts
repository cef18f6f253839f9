import { z } from 'zod';

// What a run in progress says besides its counts: rows set aside for now and why (step 2). Its wait on
// our side (decision 0007) is the engine's notice, in verification.ts. Used by the server, the web and the CLI.

/** Why rows of a run in progress are set aside for now (step 2), most rows first. */
export const waitingReasons = [
  'greylisted',
  'temporary_failure',
  'connection_lost',
  'slowed_down',
  'no_answer_yet',
] as const;
export type WaitingReason = (typeof waitingReasons)[number];

export const waitingGroupSchema = z.object({
  reason: z.enum(waitingReasons),
  rows: z.number().int(),
  /** The mail server, when one server accounts for the whole group. */
  host: z.string().nullable(),
  /** When the next of these rows is asked again (ISO); null when it depends on the server. */
  retryAt: z.string().nullable(),
});
export type WaitingGroup = z.infer<typeof waitingGroupSchema>;

const WAITING_WORDS: Record<WaitingReason, string> = {
  greylisted: 'greylisted',
  temporary_failure: 'temporary failure',
  connection_lost: 'connection dropped',
  slowed_down: 'the server asked us to slow down',
  no_answer_yet: 'the server has not answered yet',
};

/** "3 rows: greylisted by mx.example.com, retry at 10:42:05" (the web and the CLI say the same). */
export function describeWaiting(g: WaitingGroup, time: (iso: string) => string): string {
  const rows = `${g.rows} ${g.rows === 1 ? 'row' : 'rows'}`;
  const at = g.host ? ` (${g.host})` : '';
  const when = g.retryAt
    ? `, ${g.reason === 'no_answer_yet' ? 'gives up at' : 'retry at'} ${time(g.retryAt)}`
    : '';
  return `${rows}: ${WAITING_WORDS[g.reason]}${at}${when}`;
}
