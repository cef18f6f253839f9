import { CHECK_LABELS, type DnsFix, type SendingDomain } from '../../../shared/deliverability';
import { CopyButton } from '../../ui/copy-button';
import { SpfTree } from './SpfTree';
import { StateBadge } from './StateBadge';

const ACTION: Record<DnsFix['action'], string> = {
  add: 'Add this record',
  change: 'Change the record to',
  remove: 'Remove this record',
  delist: 'Ask for removal',
};

/** The record to add or change, as a registrar's form asks for it. */
function Fix({ fix }: { fix: DnsFix }) {
  if (fix.action === 'delist') {
    return <p className="text-sm">{fix.value}</p>;
  }
  return (
    <div className="mt-2 rounded-md border bg-muted/40 p-3 text-sm">
      <p className="font-medium">{ACTION[fix.action]}</p>
      <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
        <dt className="text-muted-foreground">Type</dt>
        <dd>{fix.type}</dd>
        <dt className="text-muted-foreground">Name</dt>
        <dd className="break-all font-mono">{fix.name}</dd>
        <dt className="text-muted-foreground">Value</dt>
        <dd className="break-all font-mono">{fix.value}</dd>
      </dl>
      <CopyButton
        text={fix.value}
        size="sm"
        className="mt-2"
        aria-label={`Copy the ${fix.type} value for ${fix.name}`}
      />
    </div>
  );
}

/** Each check of a domain: its state, what was found, and the fix. */
export function DomainChecks({ domain }: { domain: SendingDomain }) {
  if (!domain.checks.length) return <p className="text-sm text-muted-foreground">Not checked yet.</p>;
  return (
    <ul className="divide-y" aria-label={`Checks of ${domain.domain}`}>
      {domain.checks.map((c) => (
        <li key={c.key} className="py-3">
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-medium">{CHECK_LABELS[c.key]}</span>
            <StateBadge state={c.status} />
          </div>
          <p className="mt-1 text-sm text-muted-foreground">{c.summary}</p>
          {c.notes?.length ? (
            <ul className="mt-1 list-disc pl-5 text-sm text-muted-foreground">
              {c.notes.map((n) => (
                <li key={n}>{n}</li>
              ))}
            </ul>
          ) : null}
          {c.fix && c.status !== 'pass' && <Fix fix={c.fix} />}
          {c.tree && <SpfTree tree={c.tree} domain={domain.domain} />}
        </li>
      ))}
    </ul>
  );
}
