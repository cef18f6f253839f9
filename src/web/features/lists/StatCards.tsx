import { AlertTriangle, CheckCircle2, Mail, XCircle } from 'lucide-react';
import type { ReasonCount, UploadStats } from '../../../shared/lists';
import { RISKY_CARD_REASONS } from '../../../shared/reasons';
import { reasonText } from '../../../shared/verification';
import { successRate } from '../../lib/format';
import { Card, CardContent } from '../../ui/card';

const CARDS = [
  { key: 'total', label: 'Total Emails', Icon: Mail, tone: 'bg-indigo-50 text-indigo-600' },
  { key: 'valid', label: 'Valid', Icon: CheckCircle2, tone: 'bg-emerald-50 text-emerald-600' },
  { key: 'invalid', label: 'Invalid', Icon: XCircle, tone: 'bg-red-50 text-red-600' },
  { key: 'risky', label: 'Risky', Icon: AlertTriangle, tone: 'bg-amber-50 text-amber-600' },
] as const;

/**
 * What the risky rows of this list actually are, from the reason breakdown: "Mostly: mail server could not
 * be reached (not checked)" when one reason dominates, else the two most common. A generic line before
 * there is a breakdown.
 */
export function riskySummary(risky: number, reasons: ReasonCount[] | undefined): string {
  if (risky === 0) return 'None so far';
  const own = (reasons ?? []).filter((r) => RISKY_CARD_REASONS.has(r.reason) && r.count > 0);
  if (own.length === 0) return 'Could not be confirmed';
  const total = own.reduce((n, r) => n + r.count, 0);
  // "Mail server…" → "mail server…", but an acronym keeps its case ("DNS lookup failed", not "dNS").
  const lower = (code: string) => {
    const t = reasonText(code);
    return /^[A-Z]{2}/.test(t) ? t : t[0].toLowerCase() + t.slice(1);
  };
  if (own[0].count / total >= 0.8) return `Mostly: ${lower(own[0].reason)}`;
  return own
    .slice(0, 2)
    .map((r) => `${reasonText(r.reason)} (${r.count.toLocaleString()})`)
    .join(' · ');
}

/** Under the total: what is left (pending, or not checked in a stopped run) and the duplicates merged. */
export function totalNote(stats: UploadStats, notChecked = 0, duplicates = 0): string {
  const left =
    notChecked > 0
      ? `${notChecked.toLocaleString()} not checked`
      : `${stats.pending.toLocaleString()} pending`;
  if (duplicates === 0) return left;
  return `${left} · ${duplicates.toLocaleString()} duplicate${duplicates === 1 ? '' : 's'} merged`;
}

export function StatCards(props: {
  stats: UploadStats;
  reasons?: ReasonCount[];
  /** Rows a stopped run did not check. */
  notChecked?: number;
  /** Rows sharing an earlier row's address (verified once). */
  duplicates?: number;
}) {
  const { stats, reasons } = props;
  const sub: Record<(typeof CARDS)[number]['key'], string> = {
    total: totalNote(stats, props.notChecked, props.duplicates),
    valid: `${successRate(stats.valid, stats.total)} success rate`,
    invalid: 'Will bounce: do not send',
    risky: riskySummary(stats.risky, reasons),
  };
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      {CARDS.map(({ key, label, Icon, tone }) => (
        <Card key={key}>
          <CardContent className="flex items-center gap-4 pt-6">
            <span className={`flex size-11 items-center justify-center rounded-lg ${tone}`}>
              <Icon className="size-5" />
            </span>
            <div className="min-w-0">
              <p className="text-sm text-muted-foreground">{label}</p>
              <p className="text-2xl font-bold tabular-nums" data-testid={`stat-${key}`}>
                {stats[key].toLocaleString()}
              </p>
              <p className="text-xs text-muted-foreground" data-testid={`stat-${key}-note`}>
                {sub[key]}
              </p>
            </div>
          </CardContent>
        </Card>
      ))}
    </div>
  );
}
