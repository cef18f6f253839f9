import type { SpfNode } from '../../../shared/deliverability';

const RESULT: Record<SpfNode['result'], { label: string; className: string }> = {
  ok: { label: '', className: '' },
  void: { label: 'Void look-up', className: 'text-amber-700 dark:text-amber-400' },
  warn: { label: 'Warning', className: 'text-amber-700 dark:text-amber-400' },
  error: { label: 'Permanent error', className: 'text-destructive' },
};

/** The SPF record as a receiver walks it: each include and redirect indented under its parent. */
export function SpfTree({ tree, domain }: { tree: SpfNode[]; domain: string }) {
  const lookups = tree.reduce((n, t) => n + t.lookups, 0);
  return (
    <details className="mt-2 rounded-md border p-3 text-sm">
      <summary className="cursor-pointer font-medium">
        SPF tree of {domain}: {lookups} of 10 DNS look-ups
      </summary>
      <ul className="mt-2 space-y-1" aria-label={`SPF tree of ${domain}`}>
        {tree.map((n, i) => (
          // The tree is shown as it was read; rows never move, so the index is a stable key.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <li key={i} style={{ paddingLeft: `${n.depth * 1.25}rem` }} className="break-all">
            <span className="font-mono">{n.term}</span>
            {n.lookups > 0 && (
              <span className="ml-2 whitespace-nowrap text-xs text-muted-foreground">(1 look-up)</span>
            )}
            {RESULT[n.result].label && (
              <span className={`ml-2 text-xs font-medium ${RESULT[n.result].className}`}>
                {RESULT[n.result].label}
              </span>
            )}
            {n.note && n.depth > 0 && <span className="block text-xs text-muted-foreground">{n.note}</span>}
          </li>
        ))}
      </ul>
    </details>
  );
}
