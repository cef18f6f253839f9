import type { Config } from '../../../platform/config';
import type { Db } from '../../../platform/db/client';
import type { PriceConfig } from '../../billing';
import { listEmailAccounts } from '../campaigns/remote';
import { smartleadClientFor } from '../connection/client-for';
import { getSettings } from '../connection/settings';

type MailboxConfig = Pick<Config, 'ENCRYPTION_KEY' | 'dataDir' | 'SMARTLEAD_API_URL'> & PriceConfig;

interface SendingMailbox {
  id: number;
  email: string;
  type: string | null;
  smtpHost: string | null;
}

/** The workspace's mailboxes in Smartlead with what the domain checks need; none without a key. */
export async function sendingMailboxes(opts: {
  db: Db;
  config: MailboxConfig;
  workspaceId: string;
}): Promise<SendingMailbox[]> {
  if (!(await getSettings(opts)).hasApiKey) return [];
  const remote = await listEmailAccounts(await smartleadClientFor({ ...opts, caller: 'interactive' }));
  return remote.map((a) => ({
    id: a.id,
    email: a.from_email ?? '',
    type: a.type ?? null,
    smtpHost: typeof a.smtp_host === 'string' ? a.smtp_host : null,
  }));
}
