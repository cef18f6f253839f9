import {
  mcpAddSuppressionInput,
  mcpNoInput,
  mcpSuppressionsInput,
  mcpSuppressionsOutput,
  mcpSuppressOutput,
  mcpUsageOutput,
} from '../../../../shared/mcp';
import { listSuppressions, suppress } from '../../suppressions';
import { quotaLeft, usageSummary } from '../../usage';
import { defineTool, permitted } from '../tool';

const addSuppression = defineTool({
  name: 'add_suppression',
  title: 'Suppress an address',
  description:
    'Adds an address to the workspace suppression list: it is never sent to Smartlead again (use it for people ' +
    'who asked not to be contacted). Adding one already there changes nothing.',
  scope: 'suppressions',
  input: mcpAddSuppressionInput,
  output: mcpSuppressOutput,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  async run(ctx, input) {
    const done = await suppress({
      db: ctx.deps.database.db,
      workspaceId: permitted(ctx.caller, 'campaigns:send').id,
      emails: [input.email],
      reason: 'manual',
      now: ctx.deps.clock(),
    });
    return {
      data: { ...done, skipped: 0 },
      text: done.added ? `${input.email} is now suppressed.` : `${input.email} was already suppressed.`,
    };
  },
});

const listSuppressed = defineTool({
  name: 'list_suppressions',
  title: 'List suppressed addresses',
  description:
    'The suppression list, 50 a page, newest first: each address with why (bounced, unsubscribed, manual, ' +
    'imported). search finds text in the address.',
  scope: 'suppressions',
  input: mcpSuppressionsInput,
  output: mcpSuppressionsOutput,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  async run(ctx, input) {
    const page = await listSuppressions({
      db: ctx.deps.database.db,
      workspaceId: ctx.caller.workspace.id,
      ...input,
    });
    return {
      data: page,
      text: `${page.total} suppressed addresses (page ${page.page} of ${page.totalPages}).`,
    };
  },
});

const getUsage = defineTool({
  name: 'get_usage',
  title: 'Read the plan and what is left',
  description:
    "The workspace's plan and its status (trial, active, inactive), this month's verifications, scrapes and finds " +
    'against their limits, what is left, when the counters reset, and the probe budget when there is one. Call it ' +
    'before large work, or when a tool says a quota is used up.',
  scope: 'usage',
  input: mcpNoInput,
  output: mcpUsageOutput,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  async run(ctx) {
    const opts = {
      db: ctx.deps.database.db,
      config: ctx.deps.config,
      workspace: ctx.caller.workspace,
      now: ctx.deps.clock(),
    };
    const usage = await usageSummary(opts);
    const left = await quotaLeft(opts);
    const words = (n: number | null) => (n === null ? 'unlimited' : String(n));
    return {
      data: {
        plan: usage.plan,
        month: usage.month,
        resetsAt: usage.resetsAt,
        counters: usage.counters,
        left: { verification: left.verification, find: left.find },
        probeBudget: usage.probes,
      },
      text:
        `${usage.plan.planName} (${usage.plan.status}): ${words(left.verification)} verifications and ` +
        `${words(left.find)} finds left until ${usage.resetsAt}; ${usage.probes.hour.left} of ` +
        `${usage.probes.hour.allowance} mail-server checks left this hour.`,
    };
  },
});

export const accountTools = [addSuppression, listSuppressed, getUsage];
