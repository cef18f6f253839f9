import { useVirtualizer } from '@tanstack/react-virtual';
import { ChevronDown, ChevronRight, Inbox, Search, SearchX } from 'lucide-react';
import { useMemo, useRef, useState } from 'react';
import { Link } from 'wouter';
import type { SendableEmail, SendableGroup } from '../../../shared/smartlead';
import { cn } from '../../lib/utils';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Checkbox } from '../../ui/checkbox';
import { Input } from '../../ui/input';

// The selectable list of SPEC §2 "Send to the provider": groups by upload (collapsible), per-group and
// global select, a counter, search over email, name and company (case-insensitive, SPEC §5). The list
// area is 500 px high and only the rows in view are rendered (TanStack Virtual), so 10,000+ addresses
// stay smooth.

const HEADER_H = 56;
const ROW_H = 56;
const OVERSCAN = 6;

type Item =
  | { kind: 'group'; group: SendableGroup; visible: SendableEmail[] }
  | { kind: 'row'; email: SendableEmail };

export function matches(e: SendableEmail, q: string): boolean {
  if (!q) return true;
  return (
    e.email.toLowerCase().includes(q) ||
    (e.name ?? '').toLowerCase().includes(q) ||
    (e.company ?? '').toLowerCase().includes(q)
  );
}

export function EmailPicker({
  groups,
  total,
  selected,
  onSelectedChange,
}: {
  groups: SendableGroup[];
  total: number;
  selected: Set<string>;
  onSelectedChange: (next: Set<string>) => void;
}) {
  const [search, setSearch] = useState('');
  const [collapsed, setCollapsed] = useState<Set<string>>(new Set());
  const scroller = useRef<HTMLDivElement>(null);
  const q = search.trim().toLowerCase();

  const filtered = useMemo(
    () =>
      groups
        .map((group) => ({ group, visible: q ? group.emails.filter((e) => matches(e, q)) : group.emails }))
        .filter((g) => g.visible.length > 0),
    [groups, q],
  );
  const filteredCount = filtered.reduce((n, g) => n + g.visible.length, 0);

  const items = useMemo(() => {
    const items: Item[] = [];
    for (const g of filtered) {
      items.push({ kind: 'group', ...g });
      if (!collapsed.has(g.group.uploadId)) for (const email of g.visible) items.push({ kind: 'row', email });
    }
    return items;
  }, [filtered, collapsed]);

  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scroller.current,
    estimateSize: (i) => (items[i]?.kind === 'group' ? HEADER_H : ROW_H),
    overscan: OVERSCAN,
  });

  const setMany = (emails: SendableEmail[], on: boolean) => {
    const next = new Set(selected);
    for (const e of emails) {
      if (on) next.add(e.id);
      else next.delete(e.id);
    }
    onSelectedChange(next);
  };
  const toggle = (id: string, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(id);
    else next.delete(id);
    onSelectedChange(next);
  };
  const toggleCollapsed = (id: string) => {
    const next = new Set(collapsed);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setCollapsed(next);
  };

  if (total === 0) {
    return (
      <div className="flex h-[500px] flex-col items-center justify-center gap-3 rounded-lg border border-dashed text-center">
        <Inbox className="size-10 text-muted-foreground" />
        <p className="font-medium">No verified emails available</p>
        <p className="max-w-sm text-sm text-muted-foreground">
          Upload a CSV and run the verification; addresses that pass both checks appear here.
        </p>
        <Button asChild variant="outline" size="sm">
          <Link href="/upload">Upload CSV</Link>
        </Button>
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <div className="relative flex-1">
          <Search className="-translate-y-1/2 pointer-events-none absolute top-1/2 left-3 size-4 text-muted-foreground" />
          <Input
            aria-label="Search emails"
            placeholder="Search by email, name or company"
            className="pl-9"
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              scroller.current?.scrollTo({ top: 0 });
            }}
          />
        </div>
        <div className="flex gap-2">
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={() =>
              setMany(
                filtered.flatMap((g) => g.visible),
                true,
              )
            }
            disabled={filteredCount === 0}
          >
            Select all
          </Button>
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={() => onSelectedChange(new Set())}
            disabled={selected.size === 0}
          >
            Clear all
          </Button>
        </div>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm text-muted-foreground">
        <span data-testid="selected-counter" className="font-medium text-foreground">
          {selected.size.toLocaleString()} of {total.toLocaleString()} selected
        </span>
        {q && <span>Showing {filteredCount.toLocaleString()} filtered results</span>}
      </div>
      <div
        ref={scroller}
        data-testid="email-list"
        className="h-[500px] overflow-y-auto rounded-lg border bg-card"
      >
        {filteredCount === 0 ? (
          <div className="flex h-full flex-col items-center justify-center gap-2 text-center">
            <SearchX className="size-8 text-muted-foreground" />
            <p className="font-medium">No emails match your search</p>
          </div>
        ) : (
          <div className="relative" style={{ height: virtualizer.getTotalSize() }}>
            {virtualizer.getVirtualItems().map((v) => {
              const item = items[v.index]!;
              const top = v.start;
              if (item.kind === 'group') {
                const { group, visible } = item;
                const open = !collapsed.has(group.uploadId);
                const inGroup = group.emails.filter((e) => selected.has(e.id)).length;
                const allOn = visible.every((e) => selected.has(e.id));
                return (
                  <div
                    key={`g-${group.uploadId}`}
                    className="absolute inset-x-0 flex items-center gap-3 border-b bg-muted/70 px-3"
                    style={{ top, height: HEADER_H }}
                  >
                    <button
                      type="button"
                      aria-expanded={open}
                      onClick={() => toggleCollapsed(group.uploadId)}
                      className="flex min-w-0 flex-1 items-center gap-2 rounded-md text-left focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                    >
                      {open ? (
                        <ChevronDown className="size-4 shrink-0" />
                      ) : (
                        <ChevronRight className="size-4 shrink-0" />
                      )}
                      {/* The name takes the room; on phones the counts shrink to "3/12" so it is not cut to a letter. */}
                      <span className="min-w-0 flex-1 truncate font-semibold" title={group.uploadName}>
                        {group.uploadName}
                      </span>
                      <Badge variant="secondary" className="hidden shrink-0 sm:inline-flex">
                        {group.emails.length.toLocaleString()} emails
                      </Badge>
                      <Badge
                        variant={inGroup ? 'default' : 'outline'}
                        className="hidden shrink-0 sm:inline-flex"
                      >
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
                      onClick={() => setMany(visible, !allOn)}
                    >
                      {allOn ? 'Deselect all' : 'Select all'}
                    </Button>
                  </div>
                );
              }
              const e = item.email;
              const on = selected.has(e.id);
              return (
                <label
                  key={e.id}
                  className={cn(
                    'absolute inset-x-0 flex cursor-pointer items-center gap-3 border-b px-4 hover:bg-accent/50',
                    on && 'bg-accent/40',
                  )}
                  style={{ top, height: ROW_H }}
                >
                  <Checkbox
                    checked={on}
                    onCheckedChange={(v) => toggle(e.id, v === true)}
                    aria-label={`Select ${e.email}`}
                  />
                  <div className="min-w-0 flex-1">
                    <div className="truncate font-medium">{e.email}</div>
                    <div className="truncate text-xs text-muted-foreground">
                      {[e.name, e.company].filter(Boolean).join(' · ') || '—'}
                    </div>
                  </div>
                  {e.sentTo.length > 0 && (
                    <Badge
                      variant="outline"
                      title={`Already sent to ${e.sentTo.map((c) => c.name).join(', ')}`}
                    >
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
            })}
          </div>
        )}
      </div>
    </div>
  );
}
