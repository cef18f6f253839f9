import { REASONS } from '../../../shared/reasons';
import type { ReasonCode } from '../../../shared/verification';

export interface ReasonHelp {
  code: ReasonCode;
  label: string;
  verdict: 'Valid' | 'Invalid' | 'Risky';
  meaning: string;
}

const VERDICT = { valid: 'Valid', invalid: 'Invalid', risky: 'Risky' } as const;

// What each reason of a result (and of the `reason` / `reason_text` export columns) means for a sender:
// the rows of shared/reasons.ts, in their order.
export const REASON_HELP: ReasonHelp[] = (Object.keys(REASONS) as ReasonCode[]).map((code) => ({
  code,
  label: REASONS[code].label,
  verdict: VERDICT[REASONS[code].status],
  meaning: REASONS[code].help,
}));
