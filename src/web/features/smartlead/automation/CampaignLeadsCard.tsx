import type { CampaignPage } from '../../../../shared/campaign-edit';
import { Card, CardContent, CardHeader } from '../../../ui/card';
import { SectionTitle } from './SectionTitle';

/** Smartlead's lead statuses in words. */
const LEAD_STATUS: Record<string, string> = {
  STARTED: 'Not contacted yet',
  INPROGRESS: 'In sequence',
  COMPLETED: 'Sequence finished',
  PAUSED: 'Paused',
  STOPPED: 'Stopped',
  BLOCKED: 'Blocked (bounce or block list)',
};
const leadStatus = (s: string) => LEAD_STATUS[s] ?? s;

/** A campaign's leads as Smartlead has them: counts per status, then the first rows of the list. */
export function CampaignLeadsCard({ detail }: { detail: CampaignPage }) {
  const r = detail.remote;
  return (
    <Card>
      <CardHeader>
        <SectionTitle className="text-lg">Leads</SectionTitle>
        {r && (
          <p className="text-sm text-muted-foreground" data-testid="lead-status-counts">
            {Object.entries(r.leadStatusCounts)
              .map(([s, n]) => `${leadStatus(s)}: ${n}`)
              .join(' · ') || 'No leads yet'}
            {r.totalLeads > r.leads.length ? ` (first ${r.leads.length} of ${r.totalLeads})` : ''}
          </p>
        )}
      </CardHeader>
      <CardContent className="overflow-x-auto" tabIndex={0} role="region" aria-label="Campaign leads">
        {r && r.leads.length > 0 && (
          <table className="w-full min-w-[560px] text-sm">
            <thead className="text-left text-xs text-muted-foreground uppercase">
              <tr className="border-b">
                <th className="py-2 pr-3 font-medium">Email</th>
                <th className="py-2 pr-3 font-medium">Name</th>
                <th className="py-2 pr-3 font-medium">Company</th>
                <th className="py-2 font-medium">Status</th>
              </tr>
            </thead>
            <tbody>
              {r.leads.map((l) => (
                <tr key={l.email} className="border-b last:border-0">
                  <td className="py-2 pr-3 break-all">{l.email}</td>
                  <td className="py-2 pr-3">{`${l.firstName} ${l.lastName}`.trim() || '—'}</td>
                  <td className="py-2 pr-3">{l.company || '—'}</td>
                  <td className="py-2">{leadStatus(l.status)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </CardContent>
    </Card>
  );
}
