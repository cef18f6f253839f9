import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { UsageResponse } from '../../../shared/usage';
import { formatMonth } from '../../lib/format';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';

/** Six months of metered usage, oldest first. */
export function UsageChart({ history }: { history: UsageResponse['history'] }) {
  const data = history.map((h) => ({
    month: formatMonth(h.month),
    Verifications: h.verification,
    Scrapes: h.scrape,
    'Found addresses': h.find,
  }));
  const total = history.reduce((n, h) => n + h.verification + h.scrape + h.find, 0);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Last 6 months</CardTitle>
        <CardDescription>
          List verifications, Instagram scrapes and found addresses per calendar month (UTC).
        </CardDescription>
      </CardHeader>
      <CardContent className="h-72" data-testid="usage-chart">
        {total === 0 ? (
          <p className="pt-24 text-center text-sm text-muted-foreground">
            No usage yet. Verify a list to see it here.
          </p>
        ) : (
          <ResponsiveContainer width="100%" height="100%">
            <BarChart data={data} margin={{ left: -16 }}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="month" fontSize={12} />
              <YAxis allowDecimals={false} fontSize={12} />
              <Tooltip />
              <Legend />
              <Bar dataKey="Verifications" fill="#6366f1" radius={[4, 4, 0, 0]} />
              <Bar dataKey="Scrapes" fill="#10b981" radius={[4, 4, 0, 0]} />
            </BarChart>
          </ResponsiveContainer>
        )}
      </CardContent>
    </Card>
  );
}
