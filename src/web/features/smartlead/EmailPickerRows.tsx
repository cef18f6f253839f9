import { ChevronDown, ChevronRight } from 'lucide-react';
import type { CSSProperties } from 'react';
import type { SendableEmail, SendableGroup } from '../../../shared/smartlead';
import { cn } from '../../lib/utils';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Checkbox } from '../../ui/checkbox';

// The two kinds of line in the email picker's virtual list, each placed by the list (`style`: top, height).

/** An upload's header: collapse it, its counts, select or deselect its visible rows. */
export function GroupHeader({
  group,
  visible,
  selected,
  open,
  onToggleOpen,
  onSelectMany,
  style,
}: {
  group: SendableGroup;
  visible: SendableEmail[];
  selected: Set<string>;
  open: boolean;
  onToggleOpen: () => void;
  onSelectMany: (emails: SendableEmail[], on: boolean) => void;
  style: CSSProperties;
}) {
  const inGroup = group.emails.filter((e) => selected.has(e.id)).length;
  const allOn = visible.every((e) => selected.has(e.id));
  return (
    <div className="absolute inset-x-0 flex items-center gap-3 border-b bg-muted/70 px-3" style={style}>
      <button
        type="button"
        aria-expanded={open}
        onClick={onToggleOpen}
        className="flex min-w-0 flex-1 items-center gap-2 rounded-md text-left focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        {open ? <ChevronDown className="size-4 shrink-0" /> : <ChevronRight className="size-4 shrink-0" />}
        {/* The name takes the room; on phones the counts shrink to "3/12" so it is not cut to a letter. */}
        <span className="min-w-0 flex-1 truncate font-semibold" title={group.uploadName}>
          {group.uploadName}
        </span>
        <Badge variant="secondary" className="hidden shrink-0 sm:inline-flex">
          {group.emails.length.toLocaleString()} emails
        </Badge>
        <Badge variant={inGroup ? 'default' : 'outline'} className="hidden shrink-0 sm:inline-flex">
          {inGroup.toLocaleString()} selected
        </Badge>
        <Badge
          variant={inGroup ? 'default' : 'outline'}
          className="shrink-0 sm:hidden"
          aria-label={`${inGroup} of ${group.emails.length} selected`}
        >
          {inGroup.toLocaleString()}/{group.emails.length.toLocaleString()}
        </Badge>
      </button>
      <Button
        type="button"
        variant="ghost"
        size="sm"
        className="shrink-0 px-2"
        onClick={() => onSelectMany(visible, !allOn)}
      >
        {allOn ? 'Deselect all' : 'Select all'}
      </Button>
    </div>
  );
}

/** One address: its checkbox, name and company, whether it was sent before, and its verdict. */
export function EmailRow({
  email: e,
  on,
  onToggle,
  style,
}: {
  email: SendableEmail;
  on: boolean;
  onToggle: (on: boolean) => void;
  style: CSSProperties;
}) {
  return (
    <label
      className={cn(
        'absolute inset-x-0 flex cursor-pointer items-center gap-3 border-b px-4 hover:bg-accent/50',
        on && 'bg-accent/40',
      )}
      style={style}
    >
      <Checkbox checked={on} onCheckedChange={(v) => onToggle(v === true)} aria-label={`Select ${e.email}`} />
      <div className="min-w-0 flex-1">
        <div className="truncate font-medium">{e.email}</div>
        <div className="truncate text-xs text-muted-foreground">
          {[e.name, e.company].filter(Boolean).join(' · ') || '—'}
        </div>
      </div>
      {e.sentTo.length > 0 && (
        <Badge variant="outline" title={`Already sent to ${e.sentTo.map((c) => c.name).join(', ')}`}>
          Sent before
        </Badge>
      )}
      {e.status === 'risky' ? (
        <Badge variant="warning">Risky · {e.reason === 'catch_all' ? 'catch-all' : 'role'}</Badge>
      ) : (
        <Badge variant="success">Verified</Badge>
      )}
    </label>
  );
}
