import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Check, Loader2 } from 'lucide-react';
import { PLANS, type Plan } from '../../../shared/auth';
import { PLAN_TABLE, planFeatures, planPrice } from '../../../shared/plans';
import type { PlanState } from '../../../shared/usage';
import { failureToast, toast } from '../../hooks/use-toast';
import { apiRequest } from '../../lib/api';
import { Badge } from '../ui/badge';
import { Button } from '../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../ui/card';
import { billingQueries } from './api';

/** Upgrades and downgrades for a paying user: the subscription's price is swapped (prorated by Stripe). */
export function ChangePlanCard({ state, picked }: { state: PlanState; picked: Plan | null }) {
  const qc = useQueryClient();
  const change = useMutation({
    mutationFn: async (plan: Plan) =>
      (await (await apiRequest('POST', '/api/subscription/change-plan', { plan })).json()) as PlanState,
    onSuccess: (next) => {
      qc.setQueryData(billingQueries.plan().queryKey, next);
      qc.invalidateQueries({ queryKey: billingQueries.usage().queryKey });
      toast({ title: 'Plan changed', description: `You are now on the ${next.planName} plan.` });
    },
    onError: failureToast('Could not change plan'),
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-2xl">Your plan: {state.planName}</CardTitle>
        <CardDescription>
          Switch plans at any time; Stripe prorates the difference on your saved card.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {PLANS.map((p) => {
          const current = p === state.plan;
          return (
            <div
              key={p}
              className={`flex flex-col gap-3 rounded-lg border p-4 sm:flex-row sm:items-center sm:justify-between ${p === picked && !current ? 'border-primary' : ''}`}
            >
              <div>
                <p className="font-semibold">
                  {PLAN_TABLE[p].name}{' '}
                  <span className="font-normal text-muted-foreground">{planPrice(p)}</span>
                  {current && (
                    <Badge variant="success" className="ml-2">
                      Current
                    </Badge>
                  )}
                </p>
                <ul className="mt-1 text-sm text-muted-foreground">
                  {planFeatures(p).map((x) => (
                    <li key={x} className="flex items-center gap-1.5">
                      <Check className="size-3.5 text-emerald-600" aria-hidden="true" /> {x}
                    </li>
                  ))}
                </ul>
              </div>
              {!current && (
                <Button
                  variant={p === picked ? 'default' : 'outline'}
                  disabled={change.isPending}
                  onClick={() => change.mutate(p)}
                >
                  {change.isPending && change.variables === p && <Loader2 className="animate-spin" />}
                  Switch to {PLAN_TABLE[p].name}
                </Button>
              )}
            </div>
          );
        })}
      </CardContent>
    </Card>
  );
}
