import { Sparkles } from 'lucide-react';
import { listsLimitText, PLAN_TABLE, type Plan, planPrice, TRIAL_DAYS } from '../../../shared/plans';

export function PlanBanner({ plan }: { plan: Plan }) {
  return (
    <div
      data-testid="plan-banner"
      className="flex items-center justify-between gap-3 rounded-lg border border-indigo-200 bg-indigo-50 px-4 py-3"
    >
      <div className="flex items-center gap-2">
        <Sparkles className="size-4 shrink-0 text-indigo-600" aria-hidden="true" />
        <div>
          <p className="text-xs text-indigo-700">Selected plan</p>
          <p className="font-semibold text-indigo-950">{PLAN_TABLE[plan].name}</p>
          <p className="text-xs text-indigo-700">{listsLimitText(plan)}</p>
        </div>
      </div>
      <div className="text-right">
        <p className="font-bold text-indigo-950">{planPrice(plan)}</p>
        <p className="text-xs text-indigo-700">{TRIAL_DAYS}-day free trial</p>
      </div>
    </div>
  );
}
