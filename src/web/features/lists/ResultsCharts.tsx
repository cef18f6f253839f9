import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Bar, BarChart, Cell, Pie, PieChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { UploadStats } from '../../../shared/lists';
import { type ReasonCode, reasonLabels } from '../../../shared/verification';
import { Card, CardContent, CardHeader, CardTitle } from '../../ui/card';
import { listsQueries } from './api';

const VERDICTS = [
  { key: 'valid', label: 'Valid', color: '#10b981' },
  { key: 'invalid', label: 'Invalid', color: '#ef4444' },
  { key: 'risky', label: 'Risky', color: '#f59e0b' },
  { key: 'pending', label: 'Pending', color: '#94a3b8' },
] as const;

export function ResultsCharts({
  uploadId,
  stats,
  processing,
  stopped = false,
}: {
  uploadId: string;
  stats: UploadStats;
  processing: boolean;
  /** A stopped run: its rows without a verdict are "not checked", not pending. */
  stopped?: boolean;
}) {
  const breakdown = useQuery(listsQueries.breakdown(uploadId, processing));
  const refetch = breakdown.refetch;
  useEffect(() => {
    if (!processing) void refetch();
  }, [processing, refetch]);
  const verdicts = VERDICTS.map((v) => ({
    ...v,
    label: stopped && v.key === 'pending' ? 'Not checked' : v.label,
    value: stats[v.key],
  })).filter((v) => v.value > 0);
  const reasons = (breakdown.data?.reasons ?? [])
    .filter((r) => r.reason !== 'pending')
    .slice(0, 8)
    .map((r) => ({ name: reasonLabels[r.reason as ReasonCode] ?? r.reason, count: r.count }));
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Card>
        <CardHeader>
          <CardTitle>Verdicts</CardTitle>
        </CardHeader>
        <CardContent className="h-64" data-testid="verdict-chart">
          {verdicts.length === 0 ? (
            <p className="pt-20 text-center text-sm text-muted-foreground">No data yet</p>
          ) : (
            <ResponsiveContainer width="100%" height="100%">
              <PieChart>
                <Pie
                  data={verdicts}
                  dataKey="value"
                  nameKey="label"
                  innerRadius={55}
                  outerRadius={90}
                  paddingAngle={2}
                >
                  {verdicts.map((v) => (
                    <Cell key={v.key} fill={v.color} />
                  ))}
                </Pie>
                <Tooltip formatter={(value) => Number(value).toLocaleString()} />
              </PieChart>
            </ResponsiveContainer>
          )}
          <ul className="mt-2 flex flex-wrap justify-center gap-4 text-xs">
            {verdicts.map((v) => (
              <li key={v.key} className="flex items-center gap-1.5">
                <span className="size-2.5 rounded-full" style={{ background: v.color }} />
                {v.label} {v.value.toLocaleString()}
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Reasons</CardTitle>
        </CardHeader>
        <CardContent className="h-64">
          {reasons.length === 0 ? (
            <p className="pt-20 text-center text-sm text-muted-foreground">No data yet</p>
          ) : (
            <ResponsiveContainer width="100%" height="100%">
              <BarChart data={reasons} layout="vertical" margin={{ left: 24, right: 16 }}>
                <XAxis type="number" allowDecimals={false} fontSize={12} />
                <YAxis type="category" dataKey="name" width={170} fontSize={11} />
                <Tooltip formatter={(value) => Number(value).toLocaleString()} />
                <Bar dataKey="count" fill="#6366f1" radius={[0, 4, 4, 0]} />
              </BarChart>
            </ResponsiveContainer>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
