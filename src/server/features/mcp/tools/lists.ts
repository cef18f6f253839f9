import type { z } from 'zod';
import { toApiList } from '../../../../shared/api-v1';
import { RESULTS_PAGE_SIZE } from '../../../../shared/lists';
import {
  mcpEmailInput,
  mcpEmailsInput,
  mcpListIdInput,
  mcpListSchema,
  mcpStartListInput,
  mcpVerifyManyOutput,
  mcpVerifyOutput,
} from '../../../../shared/mcp';
import { realSleep } from '../../../platform/retry';
import { createApiList, verifyOne } from '../../api-v1';
import { getResultsPage, getUploadStatus } from '../../lists';
import { defineTool, type ToolContext, ToolRefusal } from '../tool';

/**
 * How long a call may wait for work, counted from the call's start: with the reads after it, no call
 * holds its request much past 20 s (clients and proxies give up around 30 s).
 */
export const MCP_WAIT_MS = 18_000;
// Each waiting call reads its list this often: 50 assistants waiting at once stay a light load on the database.
const POLL_MS = 500;

type McpList = z.infer<typeof mcpListSchema>;

export async function listView(ctx: ToolContext, listId: string): Promise<McpList> {
  const u = await getUploadStatus({
    db: ctx.deps.database.db,
    workspaceId: ctx.caller.workspace.id,
    uploadId: listId,
    now: ctx.deps.clock(),
  });
  return { ...toApiList(u), notice: u.notice };
}

const pausedText = (list: McpList) =>
  `Verification of list ${list.id} is paused because something on our side fails: ${list.notice?.message} ` +
  'It resumes by itself; call get_list with this listId later rather than starting it again.';

const ended = (l: McpList) => l.status === 'completed' || l.status === 'failed' || l.status === 'cancelled';

/**
 * Waits (wall clock, until MCP_WAIT_MS after `startedAt`) until the list ends or is paused on our side,
 * reporting progress.
 */
async function waitForList(ctx: ToolContext, listId: string, startedAt: number): Promise<McpList> {
  const deadline = startedAt + Math.min(MCP_WAIT_MS, ctx.deps.config.API_VERIFY_TIMEOUT_MS);
  let list = await listView(ctx, listId);
  while (!ended(list) && !list.notice && Date.now() < deadline) {
    const { total, pending } = list.counts;
    await ctx.progress(total - pending, total, `${total - pending} of ${total} checked`);
    await realSleep(Math.min(POLL_MS, Math.max(1, deadline - Date.now())));
    list = await listView(ctx, listId);
  }
  return list;
}

const verifyEmail = defineTool({
  name: 'verify_email',
  title: 'Verify one email address',
  description:
    'Checks whether one address can receive mail (syntax, domain, mail server). Waits up to about 20 seconds; ' +
    'if the mail server is slow the answer is status "pending" with a listId: call get_list_results with it later. ' +
    'A done result has finalStatus valid, invalid or risky, a reason and a 0–100 score. Counts as one verification.',
  scope: 'verify',
  input: mcpEmailInput,
  output: mcpVerifyOutput,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  async run(ctx, input) {
    const { deps, caller } = ctx;
    const res = await verifyOne({
      db: deps.database.db,
      queue: deps.queue,
      config: deps.config,
      workspace: caller.workspace,
      now: deps.clock(),
      email: input.email,
      timeoutMs: Math.min(MCP_WAIT_MS, deps.config.API_VERIFY_TIMEOUT_MS),
    });
    if (res.body.status === 'pending') {
      const list = await listView(ctx, res.body.listId);
      if (list.notice) throw new ToolRefusal(pausedText(list));
    }
    const r = res.body.result;
    const text =
      res.body.status === 'done' && r
        ? `${input.email}: ${r.finalStatus}${r.reason ? ` (${r.reason})` : ''}, score ${r.score ?? 'n/a'}.`
        : `${input.email} is still being checked: call get_list_results with listId ${res.body.listId} in a few seconds.`;
    return { data: { status: res.body.status, listId: res.body.listId, result: r }, text };
  },
});

const verifyEmails = defineTool({
  name: 'verify_emails',
  title: 'Verify up to 200 addresses',
  description:
    'Verifies up to 200 addresses as one list and answers with each row within about 20 seconds. When some rows ' +
    'are still being checked, complete is false: call get_list_results with list.id later. For more than 200 ' +
    'addresses use start_list_verification. Counts as one verification of the monthly quota.',
  scope: 'verify',
  input: mcpEmailsInput,
  output: mcpVerifyManyOutput,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  async run(ctx, input) {
    const { deps, caller } = ctx;
    const startedAt = Date.now();
    const created = await createApiList({
      db: deps.database.db,
      queue: deps.queue,
      config: deps.config,
      workspace: caller.workspace,
      now: deps.clock(),
      input: {
        kind: 'json',
        name: `Assistant check of ${input.emails.length} addresses`,
        emails: input.emails,
      },
    });
    const list = await waitForList(ctx, created.body.id, startedAt);
    if (list.notice) throw new ToolRefusal(pausedText(list));
    const results = [];
    for (let page = 1; page <= Math.ceil(list.counts.total / RESULTS_PAGE_SIZE); page++) {
      const res = await getResultsPage({
        db: deps.database.db,
        workspaceId: caller.workspace.id,
        uploadId: list.id,
        page,
        filter: 'all',
        search: '',
      });
      results.push(...res.results);
    }
    const complete = list.status === 'completed';
    const { valid, invalid, risky, pending } = list.counts;
    const text =
      `List ${list.id}: ${valid} valid, ${invalid} invalid, ${risky} risky` +
      (complete ? '.' : `, ${pending} still being checked: call get_list_results later.`);
    return { data: { list, results, complete }, text };
  },
});

const startList = defineTool({
  name: 'start_list_verification',
  title: 'Start verifying a list',
  description:
    'Stores up to 5,000 addresses (as a JSON array, or CSV text with a header row) as a list and starts verifying ' +
    'it in the background. Answers at once with the list; follow it with get_list, then read rows with ' +
    'get_list_results or get a CSV with export_list. Counts as one verification of the monthly quota.',
  scope: 'lists:write',
  input: mcpStartListInput,
  output: mcpListSchema,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  async run(ctx, input) {
    const { deps, caller } = ctx;
    const name = input.name ?? 'Assistant list';
    const created = await createApiList({
      db: deps.database.db,
      queue: deps.queue,
      config: deps.config,
      workspace: caller.workspace,
      now: deps.clock(),
      input: input.csv
        ? {
            kind: 'csv',
            filename: /\.csv$/i.test(name) ? name : `${name}.csv`,
            bytes: Buffer.from(input.csv),
          }
        : { kind: 'json', name, emails: input.emails ?? [] },
    });
    const list = await listView(ctx, created.body.id);
    return {
      data: list,
      text: `List ${list.id} (${list.counts.total} rows) is ${list.status}: call get_list with this id to follow it.`,
    };
  },
});

const getList = defineTool({
  name: 'get_list',
  title: 'Read a list’s progress',
  description:
    'A list: status (processing, completed, failed, cancelled), counts of valid, invalid, risky and pending rows, ' +
    'progress of both steps, an ETA, and notice when verification is paused because something on our side fails ' +
    '(it resumes by itself).',
  scope: 'lists:read',
  input: mcpListIdInput,
  output: mcpListSchema,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  async run(ctx, input) {
    const list = await listView(ctx, input.listId);
    const { total, valid, invalid, risky, pending } = list.counts;
    const paused = list.notice ? ` Paused on our side: ${list.notice.message}` : '';
    return {
      data: list,
      text: `${list.name}: ${list.status}, ${total} rows (${valid} valid, ${invalid} invalid, ${risky} risky, ${pending} pending).${paused}`,
    };
  },
});

export const listTools = [verifyEmail, verifyEmails, startList, getList];
