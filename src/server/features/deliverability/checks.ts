import type { SendingDomain, SendingDomainList } from '../../../shared/deliverability';
import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db/client';
import { conflict } from '../../platform/http/errors';
import type { JobSender } from '../../platform/jobs/registry';
import { recheckDomain } from './recheck';
import { configuredResolver } from './resolver';
import type { SendingDomainRow } from './schema';
import { setupNotes } from './setup-notes';
import { addSendingDomain, domainView, listSendingDomains, MAX_SENDING_DOMAINS } from './store';

interface CheckDeps {
  db: Db;
  config: Config;
  queue: JobSender;
  clock: () => Date;
}

/** Checks the rows' DNS now, one after another on one resolver (about twenty questions each). */
export async function checkDomains(deps: CheckDeps, rows: SendingDomainRow[]): Promise<SendingDomainRow[]> {
  const resolver = configuredResolver(deps.config);
  try {
    const out: SendingDomainRow[] = [];
    for (const row of rows) {
      out.push(
        (
          await recheckDomain({
            db: deps.db,
            config: deps.config,
            resolver,
            row,
            now: deps.clock(),
            queue: deps.queue,
          })
        ).row,
      );
    }
    return out;
  } finally {
    resolver.close();
  }
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
  const existing = await listSendingDomains({ db: deps.db, workspaceId: deps.workspaceId });
  if (existing.length >= MAX_SENDING_DOMAINS && !existing.some((d) => d.domain === deps.input.domain)) {
    throw conflict(`A workspace can check at most ${MAX_SENDING_DOMAINS} domains. Remove one first.`);
  }
  const row = await addSendingDomain({ db: deps.db, workspaceId: deps.workspaceId, input: deps.input });
  const [checked] = await checkDomains(deps, [row]);
  return domainView(checked!);
}
