import { AlertTriangle, CheckCircle2, Mail, XCircle } from 'lucide-react';
import type { UploadStats } from '../../../shared/lists';
import { successRate } from '../../lib/format';
import { Card, CardContent } from '../ui/card';

const CARDS = [
  { key: 'total', label: 'Total Emails', Icon: Mail, tone: 'bg-indigo-50 text-indigo-600' },
  { key: 'valid', label: 'Valid', Icon: CheckCircle2, tone: 'bg-emerald-50 text-emerald-600' },
  { key: 'invalid', label: 'Invalid', Icon: XCircle, tone: 'bg-red-50 text-red-600' },
  { key: 'risky', label: 'Risky', Icon: AlertTriangle, tone: 'bg-amber-50 text-amber-600' },
] as const;

export function StatCards({ stats }: { stats: UploadStats }) {
  const sub: Record<(typeof CARDS)[number]['key'], string> = {
    total: `${stats.pending.toLocaleString()} pending`,
    valid: `${successRate(stats.valid, stats.total)} success rate`,
    invalid: 'Will bounce: do not send',
    risky: 'Catch-all, role or temporary',
  };
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      {CARDS.map(({ key, label, Icon, tone }) => (
        <Card key={key}>
          <CardContent className="flex items-center gap-4 pt-6">
            <span className={`flex size-11 items-center justify-center rounded-lg ${tone}`}>
              <Icon className="size-5" />
            </span>
            <div>
              <p className="text-sm text-muted-foreground">{label}</p>
              <p className="text-2xl font-bold tabular-nums" data-testid={`stat-${key}`}>
                {stats[key].toLocaleString()}
              </p>
              <p className="text-xs text-muted-foreground">{sub[key]}</p>
            </div>
          </CardContent>
        </Card>
      ))}
    </div>
  );
}
