import { Check, X } from 'lucide-react';
import { TRIAL_TEXT } from '../../../shared/plans';
import { useBranding } from '../../lib/use-branding';
import { Section } from './Section';

const ROWS: [string, boolean, boolean][] = [
  ['Two-step email verification', true, true],
  ['Instagram email finder', true, false],
  ['AI data cleaning', true, false],
  ['Send to Smartlead campaigns', true, false],
  ['Real-time dashboard', true, true],
  [TRIAL_TEXT, true, false],
];

function Mark({ ok }: { ok: boolean }) {
  return ok ? (
    <Check className="mx-auto size-5 text-emerald-600" aria-label="Included" />
  ) : (
    <X className="mx-auto size-5 text-muted-foreground" aria-label="Not included" />
  );
}

export function Comparison() {
  const { productName } = useBranding();
  return (
    <Section
      id="comparison"
      eyebrow="Comparison"
      title="One platform instead of a stack of tools"
      // No dollar figure but the plan table's (decision 0600): "$984+ of tools" read as a fourth price.
      subtitle="Replace separate verifiers, finders and cleaners with a single subscription."
    >
      <div className="mx-auto max-w-3xl overflow-hidden rounded-xl border bg-card shadow-sm">
        <table className="w-full text-sm">
          <thead className="bg-muted/60">
            <tr>
              <th scope="col" className="px-6 py-4 text-left font-semibold">
                Feature
              </th>
              <th scope="col" className="px-6 py-4 text-center font-semibold text-primary">
                {productName}
              </th>
              <th scope="col" className="px-6 py-4 text-center font-semibold text-muted-foreground">
                Typical verifier
              </th>
            </tr>
          </thead>
          <tbody>
            {ROWS.map(([label, ours, theirs]) => (
              <tr key={label} className="border-t">
                <th scope="row" className="px-6 py-3.5 text-left font-normal">
                  {label}
                </th>
                <td className="px-6 py-3.5">
                  <Mark ok={ours} />
                </td>
                <td className="px-6 py-3.5">
                  <Mark ok={theirs} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Section>
  );
}
