import { CheckCircle2, CircleOff, ShieldCheck } from 'lucide-react';
import type { SmartleadSettings } from '../../../shared/smartlead';
import { formatDateTime } from '../../lib/format';
import { Badge } from '../../ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '../../ui/card';

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-4 border-b py-3 text-sm last:border-b-0">
      <span className="text-muted-foreground">{label}</span>
      <span className="text-right font-medium">{children}</span>
    </div>
  );
}

export function ConnectionStatusCard({ settings }: { settings: SmartleadSettings }) {
  const info = settings.accountInfo;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Connection Status</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <div>
          <Row label="Status">
            {settings.hasApiKey ? (
              <Badge variant="success" data-testid="smartlead-status">
                <CheckCircle2 /> Configured
              </Badge>
            ) : (
              <Badge variant="secondary" data-testid="smartlead-status">
                <CircleOff /> Not configured
              </Badge>
            )}
          </Row>
          <Row label="Last tested">
            <span data-testid="smartlead-last-tested">
              {settings.lastTested ? formatDateTime(settings.lastTested) : 'Never'}
            </span>
          </Row>
          {info?.email && <Row label="Account email">{info.email}</Row>}
          {info?.plan && <Row label="Plan">{info.plan}</Row>}
        </div>
        <div className="flex gap-3 rounded-lg bg-muted/60 p-3 text-sm text-muted-foreground">
          <ShieldCheck className="mt-0.5 size-4 shrink-0 text-emerald-600" />
          <p>
            Your API key is stored securely (encrypted) on our server and never exposed to the client. All
            Smartlead API calls are made from the server.
          </p>
        </div>
      </CardContent>
    </Card>
  );
}
