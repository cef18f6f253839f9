import { Loader2 } from 'lucide-react';
import { useState } from 'react';
import type { PlanPreview } from '../../../shared/billing';
import { PLAN_TABLE, PLANS, type Plan, planFeatures, planPrice } from '../../../shared/plans';
import { formatDay, formatMoney } from '../../lib/format';
import { failureToast } from '../../lib/toast';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../ui/dialog';
import { billingCalls, useBillingAction, usePlanPreview } from './api';

/** Other plans, each with "Change"; Stripe's proration preview is shown and confirmed before anything is billed. */
export function PlanChangeCard({ current, picked = null }: { current: Plan | null; picked?: Plan | null }) {
  const [preview, setPreview] = useState<PlanPreview | null>(null);
  const ask = usePlanPreview({
    onSuccess: setPreview,
    onError: failureToast('Could not price the change'),
  });
  const change = useBillingAction({
    run: (p: PlanPreview) => billingCalls.changePlan(p.plan, p.prorationDate),
    done: 'Plan changed',
    failed: 'Could not change plan',
  });
  const credit = preview && preview.prorationTotal.amount < 0;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Change plan</CardTitle>
        <CardDescription>You see the prorated amount before you confirm.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {PLANS.filter((p) => p !== current).map((p) => (
          <div
            key={p}
            className={`flex flex-col gap-3 rounded-lg border p-4 sm:flex-row sm:items-center sm:justify-between ${p === picked ? 'border-primary' : ''}`}
          >
            <div>
              <p className="font-semibold">
                {PLAN_TABLE[p].name} <span className="font-normal text-muted-foreground">{planPrice(p)}</span>
              </p>
              <p className="text-sm text-muted-foreground">{planFeatures(p).slice(0, 2).join(' · ')}</p>
            </div>
            <Button
              variant={p === picked ? 'default' : 'outline'}
              disabled={ask.isPending}
              onClick={() => ask.mutate(p)}
            >
              {ask.isPending && ask.variables === p && <Loader2 className="animate-spin" />}
              Change to {PLAN_TABLE[p].name}
            </Button>
          </div>
        ))}
      </CardContent>
      <Dialog open={Boolean(preview)} onOpenChange={(o) => !o && setPreview(null)}>
        <DialogContent>
          {preview && (
            <>
              <DialogHeader>
                <DialogTitle>Change to {PLAN_TABLE[preview.plan].name}?</DialogTitle>
                <DialogDescription>
                  {credit
                    ? `You get a credit of ${formatMoney({ ...preview.prorationTotal, amount: -preview.prorationTotal.amount })} for the rest of this period.`
                    : `The rest of this period costs ${formatMoney(preview.prorationTotal)} more.`}{' '}
                  Your next invoice comes to {formatMoney(preview.nextInvoiceTotal)} on{' '}
                  {formatDay(preview.nextInvoiceDate)}.
                </DialogDescription>
              </DialogHeader>
              <DialogFooter>
                <Button variant="outline" onClick={() => setPreview(null)}>
                  Keep my plan
                </Button>
                <Button
                  disabled={change.isPending}
                  onClick={() => change.mutate(preview, { onSuccess: () => setPreview(null) })}
                >
                  {change.isPending && <Loader2 className="animate-spin" />}
                  Confirm change
                </Button>
              </DialogFooter>
            </>
          )}
        </DialogContent>
      </Dialog>
    </Card>
  );
}
