import type { SendingDomain, SendingDomainList } from '../../../shared/deliverability';
import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db/client';
import type { JobSender } from '../../platform/jobs/registry';
import { checkRowsNow } from './recheck';
import type { SendingDomainRow } from './schema';
import { setupNotes } from './setup-notes';
import { addSendingDomain, domainView, listSendingDomains } from './store';

interface CheckDeps {
  db: Db;
  config: Config;
  queue: JobSender;
  clock: () => Date;
}

/** Checks the rows' DNS now, one after another on one resolver (about twenty questions each). */
export function checkDomains(deps: CheckDeps, rows: SendingDomainRow[]): Promise<SendingDomainRow[]> {
  return checkRowsNow({ db: deps.db, config: deps.config, queue: deps.queue, now: deps.clock(), rows });
}

/** The workspace's sending domains as the Deliverability page shows them, with the settings the checks miss. */
export async function sendingDomainList(opts: {
  db: Db;
  config: Config;
  workspaceId: string;
}): Promise<SendingDomainList> {
  return {
    domains: (await listSendingDomains(opts)).map(domainView),
    setup: setupNotes(opts.config),
  };
}

/**
 * Adds a domain to the workspace's sending domains (or finds it there) and checks it now: the
 * Deliverability page's "Add domain" and the MCP check_sending_domain tool.
 */
export async function addAndCheckDomain(
  deps: CheckDeps & { workspaceId: string; input: Parameters<typeof addSendingDomain>[0]['input'] },
): Promise<SendingDomain> {
  // The cap of sending domains is checked inside the insert (addSendingDomain), where concurrent adds cannot pass it.
  const row = await addSendingDomain({ db: deps.db, workspaceId: deps.workspaceId, input: deps.input });
  const [checked] = await checkDomains(deps, [row]);
  return domainView(checked!);
}
