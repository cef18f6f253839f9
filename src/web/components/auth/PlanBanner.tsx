import { Sparkles } from 'lucide-react';
import { PLAN_INFO, type Plan } from '../../../shared/auth';

export function PlanBanner({ plan }: { plan: Plan }) {
  const info = PLAN_INFO[plan];
  return (
    <div
      data-testid="plan-banner"
      className="flex items-center justify-between gap-3 rounded-lg border border-indigo-200 bg-indigo-50 px-4 py-3"
    >
      <div className="flex items-center gap-2">
        <Sparkles className="size-4 text-indigo-600" />
        <div>
          <p className="text-xs text-indigo-700">Selected plan</p>
          <p className="font-semibold text-indigo-950">{info.name}</p>
        </div>
      </div>
      <div className="text-right">
        <p className="font-bold text-indigo-950">{info.price}</p>
        <p className="text-xs text-indigo-700">7-day free trial</p>
      </div>
    </div>
  );
}
