import { useVirtualizer } from '@tanstack/react-virtual';
import { Inbox, Search, SearchX } from 'lucide-react';
import { useMemo, useRef, useState } from 'react';
import { Link } from 'wouter';
import type { SendableEmail, SendableGroup } from '../../../shared/smartlead';
import { Button } from '../../ui/button';
import { Input } from '../../ui/input';
import { EmailRow, GroupHeader } from './EmailPickerRows';

// The selectable list of "Send to the provider": groups by upload (collapsible), per-group and
// global select, a counter, search over email, name and company (case-insensitive). The list
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
                return (
                  <GroupHeader
                    key={`g-${group.uploadId}`}
                    group={group}
                    visible={visible}
                    selected={selected}
                    open={!collapsed.has(group.uploadId)}
                    onToggleOpen={() => toggleCollapsed(group.uploadId)}
                    onSelectMany={setMany}
                    style={{ top, height: HEADER_H }}
                  />
                );
              }
              const e = item.email;
              return (
                <EmailRow
                  key={e.id}
                  email={e}
                  on={selected.has(e.id)}
                  onToggle={(on) => toggle(e.id, on)}
                  style={{ top, height: ROW_H }}
                />
              );
            })}
          </div>
        )}
      </div>
    </div>
  );
}
