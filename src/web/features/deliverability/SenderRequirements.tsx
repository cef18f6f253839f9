import { RECEIVER_LABELS, type ReceiverRequirements } from '../../../shared/sender-requirements';
import { StateBadge } from './StateBadge';

const STATUS = { pass: 'pass', fail: 'fail', not_visible: 'unknown' } as const;

/** Gmail's, Yahoo's and Microsoft's sender rules, each passed, failed or not visible in DNS, with the fix. */
export function SenderRequirements({ report, domain }: { report: ReceiverRequirements[]; domain: string }) {
  if (!report.length) return null;
  const failing = report.flatMap((r) => r.rules).filter((r) => r.status === 'fail').length;
  return (
    <details className="mt-4 rounded-md border p-3 text-sm">
      <summary className="cursor-pointer font-medium">
        Sender requirements (Gmail, Yahoo, Microsoft):{' '}
        {failing ? `${failing} failing` : 'none failing in DNS'}
      </summary>
      <div className="mt-3 grid gap-4 lg:grid-cols-3">
        {report.map((r) => (
          <section key={r.receiver} aria-label={`${RECEIVER_LABELS[r.receiver]} requirements for ${domain}`}>
            <h4 className="font-medium">{RECEIVER_LABELS[r.receiver]}</h4>
            <ul className="mt-1 space-y-2">
              {r.rules.map((rule) => (
                <li key={rule.rule}>
                  <div className="flex flex-wrap items-center gap-2">
                    <span>{rule.rule}</span>
                    {rule.status === 'not_visible' ? (
                      <span className="text-xs text-muted-foreground">Not visible in DNS</span>
                    ) : (
                      <StateBadge state={STATUS[rule.status]} />
                    )}
                  </div>
                  {rule.fix && <p className="text-xs text-muted-foreground">{rule.fix}</p>}
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </details>
  );
}
