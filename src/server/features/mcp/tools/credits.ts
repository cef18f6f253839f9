import { ESTIMATE_LABELS, listEstimateSchema } from '../../../../shared/credits';
import { mcpEstimateInput } from '../../../../shared/mcp';
import { estimateList } from '../../lists';
import { processProber } from '../../prober';
import { defineTool, permitted } from '../tool';
import { MCP_WAIT_MS } from './lists';

// What a list will cost before it runs (decision 0890): the same domain function as API v1's
// POST /lists/estimate, under the same scope (lists:write) and role permission (lists:verify).

const estimateListTool = defineTool({
  name: 'estimate_list',
  title: 'Estimate a list for free before verifying it',
  description:
    'A free estimate of what a list will come back as and how many credits it will take, before verifying it. ' +
    'Give the addresses (up to 5,000) or the id of a stored list. Every address is checked without asking any mail ' +
    'server (syntax, domain, MX, disposable, role): those counts are exact (known). A small sample (at most 20) ' +
    'of the rest is asked through the normal prober, and the groups that depend on mail servers come with a 95% ' +
    'interval (smtp). One credit is one definite answer; unknown, malformed, duplicate and recently verified ' +
    'addresses are free. Nothing is stored or charged.',
  scope: 'lists:write',
  input: mcpEstimateInput,
  output: listEstimateSchema,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  async run(ctx, input) {
    const { deps } = ctx;
    const e = await estimateList({
      db: deps.database.db,
      verifier: processProber({
        config: deps.config,
        database: deps.database,
        log: ctx.log,
        sleep: deps.sleep,
        metrics: deps.metrics,
      }),
      workspaceId: permitted(ctx.caller, 'lists:verify').id,
      uploadId: input.listId,
      emails: input.emails,
      now: deps.clock(),
      // A call must answer within a client's patience: later sample answers are left out.
      waitMs: Math.min(MCP_WAIT_MS, deps.config.API_VERIFY_TIMEOUT_MS),
    });
    const known = e.breakdown
      .filter((b) => b.known > 0)
      .map((b) => `${b.known} ${ESTIMATE_LABELS[b.group].label.toLowerCase()}`);
    const { credits } = e;
    const text =
      `${e.rows} rows: about ${credits.expected} credits (95% interval ${credits.low}–${credits.high}, ` +
      `${credits.known} of them certain). Known now: ${known.join(', ') || 'nothing'}; ` +
      `${e.sample.answered} of the ${e.needSmtp} rows that need a mail server were sampled. Nothing was charged.`;
    return { data: e, text };
  },
});

export const creditTools = [estimateListTool];
