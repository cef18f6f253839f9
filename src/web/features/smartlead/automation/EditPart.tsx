import { Loader2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { IN_FLIGHT_EFFECT } from '../../../../shared/campaign-edit';
import { Button } from '../../../ui/button';

/** One tab of the campaign editor: its fields, what the change does to leads in flight, its own Save. */
export function EditPart({
  what,
  children,
  onSave,
  busy,
  error,
}: {
  what: keyof typeof IN_FLIGHT_EFFECT;
  children: ReactNode;
  onSave: () => void;
  busy: boolean;
  error?: string | null;
}) {
  return (
    <div className="flex flex-col gap-4 pt-2">
      {children}
      <p className="rounded-md bg-muted p-3 text-sm" data-testid="in-flight-note">
        <strong>Leads already in this campaign: </strong>
        {IN_FLIGHT_EFFECT[what]}
      </p>
      {error && <p className="text-sm font-medium text-destructive">{error}</p>}
      <Button type="button" className="self-end" onClick={onSave} disabled={busy}>
        {busy && <Loader2 className="animate-spin" />} Save
      </Button>
    </div>
  );
}
