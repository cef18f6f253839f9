import {
  mcpCampaignsOutput,
  mcpDomainInput,
  mcpDomainOutput,
  mcpDomainsOutput,
  mcpHeadersInput,
  mcpHeadersOutput,
  mcpNoInput,
  mcpSendInput,
  mcpSendOutput,
} from '../../../../shared/mcp';
import { addAndCheckDomain, checkHeaders, sendingDomainList } from '../../deliverability';
import {
  createRemoteCache,
  listCampaigns,
  ownCampaign,
  planListSend,
  SmartleadNotConnectedError,
  sendListToSmartlead,
  smartleadSettings,
} from '../../smartlead';
import { defineTool, permitted, type ToolContext, ToolRefusal } from '../tool';

const NOT_CONNECTED =
  'Smartlead is not connected to this workspace, so nothing was sent. Ask the user to add their Smartlead API ' +
  'key in Settings → Smartlead, then call again.';

async function assertSmartlead(ctx: ToolContext) {
  const s = await smartleadSettings({ db: ctx.deps.database.db, workspaceId: ctx.caller.workspace.id });
  if (!s.hasApiKey) throw new ToolRefusal(NOT_CONNECTED);
}

const checkDomain = defineTool({
  name: 'check_sending_domain',
  title: 'Check a sending domain',
  description:
    'Checks the DNS of a domain mail is sent from, now: MX, SPF, DKIM, DMARC, tracking domain and blocklists, ' +
    'each pass, warn or fail with the exact record that fixes it. The domain is kept on the Deliverability page ' +
    'and checked daily; a failing one holds back sends from its mailboxes.',
  scope: 'deliverability',
  input: mcpDomainInput,
  output: mcpDomainOutput,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  async run(ctx, input) {
    const { deps } = ctx;
    const domain = await addAndCheckDomain({
      db: deps.database.db,
      config: deps.config,
      queue: deps.queue,
      clock: deps.clock,
      workspaceId: permitted(ctx.caller, 'campaigns:send').id,
      input: { domain: input.domain },
    });
    const failing = domain.checks.filter((c) => c.status === 'fail').map((c) => c.key);
    return {
      data: domain,
      text: `${domain.domain}: ${domain.state}${failing.length ? ` (failing: ${failing.join(', ')})` : ''}.`,
    };
  },
});

const listDomains = defineTool({
  name: 'list_sending_domains',
  title: 'List sending domains',
  description:
    "The workspace's sending domains with the state of their last DNS check (pass, warn, fail, unknown, " +
    'unchecked) and each check; setup lists what the checks cannot see on this server.',
  scope: 'deliverability',
  input: mcpNoInput,
  output: mcpDomainsOutput,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  async run(ctx) {
    const list = await sendingDomainList({
      db: ctx.deps.database.db,
      config: ctx.deps.config,
      workspaceId: ctx.caller.workspace.id,
    });
    const text = list.domains.length
      ? list.domains.map((d) => `${d.domain}: ${d.state}`).join('; ')
      : 'No sending domain yet: check one with check_sending_domain.';
    return { data: list, text };
  },
});

const checkMessageHeaders = defineTool({
  name: 'check_message_headers',
  title: "Check a message's headers",
  description:
    'Reads the raw headers of a message the user sent to themselves (pasted, at most 128 KB): SPF, DKIM and ' +
    'DMARC results as the receiver recorded them and their alignment with From, one-click unsubscribe (RFC 8058) ' +
    'and TLS per hop, each finding pass, warn or fail. Text only: nothing the headers name is fetched or resolved.',
  scope: 'deliverability',
  input: mcpHeadersInput,
  output: mcpHeadersOutput,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  async run(_ctx, input) {
    const report = checkHeaders(input);
    const bad = report.findings.filter((f) => f.status !== 'pass');
    return {
      data: report,
      text: `SPF ${report.spf.result}, DMARC ${report.dmarc.result}${bad.length ? `; ${bad.map((f) => f.text).join(' ')}` : '; nothing to fix.'}`,
    };
  },
});

const listSmartlead = defineTool({
  name: 'list_smartlead_campaigns',
  title: 'List Smartlead campaigns',
  description:
    'The Smartlead campaigns made or imported here, newest first, with status, leads, sends and open and reply ' +
    'rates. smartleadReachable is false when Smartlead could not be asked (the local figures are still given).',
  scope: 'smartlead',
  input: mcpNoInput,
  output: mcpCampaignsOutput,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  async run(ctx) {
    await assertSmartlead(ctx);
    const { deps } = ctx;
    const { campaigns, remoteAvailable } = await listCampaigns({
      db: deps.database.db,
      config: deps.config,
      workspaceId: ctx.caller.workspace.id,
      cache: createRemoteCache(),
      now: deps.clock(),
      sleep: deps.sleep,
    });
    return {
      data: { campaigns, smartleadReachable: remoteAvailable },
      text: `${campaigns.length} campaign${campaigns.length === 1 ? '' : 's'}${remoteAvailable ? '' : ' (Smartlead did not answer)'}.`,
    };
  },
});

const sendToSmartlead = defineTool({
  name: 'send_to_smartlead',
  title: 'Send a verified list to Smartlead',
  description:
    'Puts the addresses of a verified list into a new Smartlead campaign (campaignName) or an existing one ' +
    '(campaignId, from list_smartlead_campaigns). dryRun is true by default: it only says ' +
    'how many would go, what is held back and why (invalid, risky, not checked, suppressed) and what would refuse ' +
    'the send (bounce budget, a failing sending domain). Show that to the user and call again with dryRun false ' +
    'only after they agree. Risky catch-all and role rows go only with includeRisky.',
  scope: 'smartlead',
  input: mcpSendInput,
  output: mcpSendOutput,
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
  async run(ctx, input) {
    const { deps } = ctx;
    const opts = {
      db: deps.database.db,
      config: deps.config,
      clock: deps.clock,
      sleep: deps.sleep,
      workspace: permitted(ctx.caller, 'campaigns:send'),
      listId: input.listId,
      includeRisky: input.includeRisky,
      bounceBudget: input.bounceBudget,
    };
    try {
      const target: { campaignId: string } | { campaignName: string } = input.campaignId
        ? { campaignId: input.campaignId }
        : { campaignName: input.campaignName ?? '' };
      const into =
        'campaignId' in target
          ? `campaign ${target.campaignId}`
          : `the new campaign "${target.campaignName}"`;
      if (input.dryRun) {
        if ('campaignId' in target) await ownCampaign(opts.db, opts.workspace.id, target.campaignId);
        const plan = await planListSend(opts);
        const held = plan.heldBack.map((h) => `${h.count} ${h.reason}`).join(', ') || 'none';
        const blocked = plan.blockers.length ? ` It would be refused: ${plan.blockers.join(' ')}` : '';
        return {
          data: {
            dryRun: true,
            wouldSend: plan.leads.length,
            heldBack: plan.heldBack,
            blockers: plan.blockers,
            campaign: null,
          },
          text: `Dry run: ${plan.leads.length} addresses would go to ${into}; held back: ${held}.${blocked}`,
        };
      }
      const { plan, campaign } = await sendListToSmartlead({
        ...opts,
        queue: deps.queue,
        target,
      });
      return {
        data: {
          dryRun: false,
          wouldSend: plan.leads.length,
          heldBack: plan.heldBack,
          blockers: [],
          campaign,
        },
        text: `Sending ${plan.leads.length} addresses to ${into} ("${campaign.name}", ${campaign.id}).`,
      };
    } catch (err) {
      if (err instanceof SmartleadNotConnectedError) throw new ToolRefusal(NOT_CONNECTED);
      throw err;
    }
  },
});

export const sendingTools = [checkDomain, listDomains, checkMessageHeaders, listSmartlead, sendToSmartlead];
