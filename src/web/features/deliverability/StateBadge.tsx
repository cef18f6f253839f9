import { AlertTriangle, CheckCircle2, CircleHelp, Info, XCircle } from 'lucide-react';
import type { DomainState } from '../../../shared/deliverability';
import { Badge } from '../../ui/badge';

type Shown = DomainState | 'info';

const LOOK: Record<Shown, { label: string; variant: 'success' | 'warning' | 'destructive' | 'secondary' }> = {
  pass: { label: 'Pass', variant: 'success' },
  warn: { label: 'Warning', variant: 'warning' },
  fail: { label: 'Fail', variant: 'destructive' },
  unknown: { label: 'Could not check', variant: 'secondary' },
  unchecked: { label: 'Not checked yet', variant: 'secondary' },
  info: { label: 'Optional, not set up', variant: 'secondary' },
};

const ICON = {
  pass: CheckCircle2,
  warn: AlertTriangle,
  fail: XCircle,
  unknown: CircleHelp,
  unchecked: CircleHelp,
  info: Info,
};

/** A check's or a domain's state in words and colour (never colour alone). */
export function StateBadge({ state }: { state: Shown }) {
  const Icon = ICON[state];
  return (
    <Badge variant={LOOK[state].variant}>
      <Icon aria-hidden /> {LOOK[state].label}
    </Badge>
  );
}
