import { useQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { ACTIVITY_SERIES, type ActivitySeries } from '../../../shared/campaign-activity';
import { errorMessage } from '../../lib/api';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { Input } from '../../ui/input';
import { Label } from '../../ui/label';
import { smartleadQueries } from './api';

// Dark enough for text on white (the legend and tooltip write the names in these colours).
const SERIES: Record<ActivitySeries, { label: string; color: string }> = {
  sent: { label: 'Sent', color: '#4f46e5' },
  opened: { label: 'Opened', color: '#0369a1' },
  clicked: { label: 'Clicked', color: '#0f766e' },
  replied: { label: 'Replied', color: '#047857' },
  bounced: { label: 'Bounced', color: '#b91c1c' },
};
const PRESETS = [7, 30, 90] as const;
const isoDay = (d: Date) => d.toISOString().slice(0, 10);
const daysAgo = (n: number) => isoDay(new Date(Date.now() - n * 86_400_000));

/**
 * Sent, opened, clicked, replied and bounced per day for a chosen range (decision 0202), for one
 * campaign or the whole workspace, with the same numbers as a CSV. Days are UTC days.
 */
export function ActivityChart({ campaignId }: { campaignId?: string }) {
  const [range, setRange] = useState({ from: daysAgo(29), to: isoDay(new Date()) });
  const qs = new URLSearchParams({ ...range, ...(campaignId ? { campaignId } : {}) });
  const activity = useQuery(smartleadQueries.activity(qs));
  const data = activity.data;
  const empty = data && ACTIVITY_SERIES.every((s) => data.totals[s] === 0);
  return (
    <Card data-testid="activity-chart">
      <CardHeader className="flex flex-col gap-3 md:flex-row md:items-end md:justify-between">
        <div>
          <CardTitle>Activity over time</CardTitle>
          <CardDescription>
            {campaignId ? 'This campaign' : 'All your campaigns'}, per day (UTC), as Smartlead reports it
          </CardDescription>
        </div>
        <div className="flex flex-wrap items-end gap-2">
          {PRESETS.map((n) => (
            <Button
              key={n}
              type="button"
              size="sm"
              variant="outline"
              onClick={() => setRange({ from: daysAgo(n - 1), to: isoDay(new Date()) })}
            >
              {n} days
            </Button>
          ))}
          <div className="flex flex-col gap-1">
            <Label htmlFor="activity-from" className="text-xs">
              From
            </Label>
            <Input
              id="activity-from"
              type="date"
              className="h-8 w-36"
              value={range.from}
              max={range.to}
              onChange={(e) => e.target.value && setRange((r) => ({ ...r, from: e.target.value }))}
            />
          </div>
          <div className="flex flex-col gap-1">
            <Label htmlFor="activity-to" className="text-xs">
              To
            </Label>
            <Input
              id="activity-to"
              type="date"
              className="h-8 w-36"
              value={range.to}
              min={range.from}
              onChange={(e) => e.target.value && setRange((r) => ({ ...r, to: e.target.value }))}
            />
          </div>
          <Button asChild size="sm" variant="secondary">
            <a href={`/api/smartlead/activity/export?${qs}`} download>
              <Download /> CSV
            </a>
          </Button>
        </div>
      </CardHeader>
      <CardContent>
        {activity.isError ? (
          <p className="py-10 text-center text-sm text-destructive">
            {errorMessage(activity.error, 'Could not load the activity')}
          </p>
        ) : !data ? (
          <p className="py-10 text-center text-sm text-muted-foreground">Loading…</p>
        ) : (
          <>
            <dl className="mb-4 grid grid-cols-2 gap-2 text-sm sm:grid-cols-5" data-testid="activity-totals">
              {ACTIVITY_SERIES.map((s) => (
                <div key={s} className="rounded-md border p-2">
                  <dt className="text-muted-foreground">{SERIES[s].label}</dt>
                  <dd className="text-lg font-semibold">{data.totals[s].toLocaleString()}</dd>
                </div>
              ))}
            </dl>
            {empty ? (
              <p className="py-10 text-center text-sm text-muted-foreground">
                Nothing reported in these days yet. Sends, opens, clicks, replies and bounces show up here as
                Smartlead reports them.
              </p>
            ) : (
              <div
                className="h-64"
                role="img"
                aria-label={`Activity per day from ${data.from} to ${data.to}`}
              >
                <ResponsiveContainer width="100%" height="100%">
                  <LineChart data={data.days} margin={{ left: -16, right: 8 }}>
                    <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
                    <XAxis dataKey="date" tickFormatter={(d: string) => d.slice(5)} fontSize={12} />
                    <YAxis allowDecimals={false} fontSize={12} />
                    <Tooltip />
                    <Legend />
                    {ACTIVITY_SERIES.map((s) => (
                      <Line
                        key={s}
                        type="linear"
                        dataKey={s}
                        name={SERIES[s].label}
                        stroke={SERIES[s].color}
                        strokeWidth={2}
                        dot={false}
                        isAnimationActive={false}
                      />
                    ))}
                  </LineChart>
                </ResponsiveContainer>
              </div>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
