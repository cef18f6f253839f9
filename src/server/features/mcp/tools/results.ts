import {
  mcpExportInput,
  mcpExportOutput,
  mcpFindIdInput,
  mcpFindJobOutput,
  mcpFindManyInput,
  mcpFindOneInput,
  mcpFindOutput,
  mcpFindResultsInput,
  mcpFindResultsOutput,
  mcpListResultsInput,
  mcpResultsOutput,
} from '../../../../shared/mcp';
import { findOne, findOwnFindJob, findResultsPage, jobView, startFind } from '../../finder';
import { getResultsPage } from '../../lists';
import { createExportLink, EXPORT_LINK_PATH } from '../export-links';
import { defineTool, permitted, type ToolContext } from '../tool';
import { listView, MCP_WAIT_MS } from './lists';

const readOnly = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };
const startsWork = {
  readOnlyHint: false,
  destructiveHint: false,
  idempotentHint: false,
  openWorldHint: true,
};

/** A read of the caller's workspace: the database and the workspace's id. */
const inWorkspace = ({ deps, caller }: ToolContext) => ({
  db: deps.database.db,
  workspaceId: caller.workspace.id,
});

/** What starting a find takes from the tool's call: the app's parts, and the caller's workspace if its role may find. */
const findStart = ({ deps, caller }: ToolContext) => ({
  db: deps.database.db,
  queue: deps.queue,
  config: deps.config,
  workspace: permitted(caller, 'finder:run'),
  now: deps.clock(),
  viaApi: true,
});

const listResults = defineTool({
  name: 'get_list_results',
  title: 'Read a list’s verified rows',
  description:
    'Rows of a list, 50 a page in file order, each with finalStatus (valid, invalid, risky), reason, score 0–100 and ' +
    'the mail provider. Filter by status (valid, invalid, risky, not_checked), by reason code (e.g. catch_all, ' +
    'mailbox_not_found; applied within the page) and by minScore. Ask the next page while page < totalPages.',
  scope: 'lists:read',
  input: mcpListResultsInput,
  output: mcpResultsOutput,
  annotations: readOnly,
  async run(ctx, input) {
    const res = await getResultsPage({
      ...inWorkspace(ctx),
      uploadId: input.listId,
      page: input.page,
      filter: input.status,
      search: '',
      minScore: input.minScore,
    });
    const results = input.reason ? res.results.filter((r) => r.reason === input.reason) : res.results;
    const { total, totalPages } = res.pagination;
    return {
      data: { results, total, page: input.page, totalPages },
      text: `Page ${input.page} of ${totalPages}: ${results.length} rows (${total} match the status filter).`,
    };
  },
});

const exportList = defineTool({
  name: 'export_list',
  title: 'Get a download link for a list',
  description:
    'A link to the list as CSV (its original columns plus the verification columns) that opens without signing in ' +
    'for one hour. type: all, valid or invalid; minScore keeps rows scoring at least that. Give the link to the user.',
  scope: 'lists:read',
  input: mcpExportInput,
  output: mcpExportOutput,
  annotations: { ...readOnly, idempotentHint: false },
  async run(ctx, input) {
    const workspace = permitted(ctx.caller, 'lists:export');
    const list = await listView(ctx, input.listId);
    const link = await createExportLink({
      db: ctx.deps.database.db,
      workspaceId: workspace.id,
      listId: list.id,
      type: input.type,
      minScore: input.minScore,
      now: ctx.deps.clock(),
    });
    const url = `${ctx.origin}${EXPORT_LINK_PATH}/${link.token}`;
    const expiresAt = link.expiresAt.toISOString();
    return {
      data: { url, expiresAt },
      text: `Download ${list.name} (${input.type}) until ${expiresAt}: ${url}`,
    };
  },
});

const findEmail = defineTool({
  name: 'find_email',
  title: 'Find one person’s email address',
  description:
    'Finds the work address of one person from their name (firstName and lastName, or fullName) and company ' +
    '(a domain like acme.com or a website URL). Waits up to about 20 seconds; result is null while the mail ' +
    'server has not answered: call get_find_results with find.id later. result.status: valid, accept_all, ' +
    'unknown, ambiguous or not_found, with a 0–100 score. A found address counts as one find.',
  scope: 'finds',
  input: mcpFindOneInput,
  output: mcpFindOutput,
  annotations: startsWork,
  async run(ctx, input) {
    const res = await findOne({
      ...findStart(ctx),
      person: input,
      waitMs: Math.min(MCP_WAIT_MS, ctx.deps.config.FINDER_SINGLE_WAIT_MS),
    });
    const { job, result } = res.body;
    const text = result
      ? `${result.name} at ${result.company}: ${result.email ?? 'no address'} (${result.status}, score ${result.score}).`
      : `Still looking: call get_find_results with findId ${job.id} in a few seconds.`;
    return { data: { find: job, result }, text };
  },
});

const findEmails = defineTool({
  name: 'find_emails',
  title: 'Find addresses for many people',
  description:
    'Starts finding the work addresses of up to 5,000 people (name and company each) in the background and ' +
    'answers at once with the find; follow it with get_find and read answers with get_find_results.',
  scope: 'finds',
  input: mcpFindManyInput,
  output: mcpFindJobOutput,
  annotations: startsWork,
  async run(ctx, input) {
    const job = await startFind({
      ...findStart(ctx),
      kind: 'bulk',
      name: input.name || 'Assistant bulk find',
      people: input.people,
    });
    const find = jobView(job);
    return {
      data: { find },
      text: `Find ${find.id} started for ${find.total} people: call get_find to follow it.`,
    };
  },
});

const getFind = defineTool({
  name: 'get_find',
  title: 'Read a find’s progress',
  description:
    'A find: status (queued, running, completed, stopped, failed), people done and addresses found, and notice ' +
    'when it waits on something on our side (it resumes by itself).',
  scope: 'finds',
  input: mcpFindIdInput,
  output: mcpFindJobOutput,
  annotations: readOnly,
  async run(ctx, input) {
    const job = await findOwnFindJob({
      ...inWorkspace(ctx),
      jobId: input.findId,
    });
    const find = jobView(job);
    return {
      data: { find },
      text: `${find.name}: ${find.status}, ${find.done}/${find.total} done, ${find.found} found.`,
    };
  },
});

const findResults = defineTool({
  name: 'get_find_results',
  title: 'Read a find’s answers',
  description:
    'The answers of a find, paged (pageSize up to 200): each person with the address, status and score. filter: ' +
    'all, found (valid or accept_all), valid, accept_all, unknown, ambiguous or not_found.',
  scope: 'finds',
  input: mcpFindResultsInput,
  output: mcpFindResultsOutput,
  annotations: readOnly,
  async run(ctx, input) {
    const page = await findResultsPage({
      ...inWorkspace(ctx),
      jobId: input.findId,
      query: { page: input.page, pageSize: input.pageSize, filter: input.filter, search: '' },
    });
    return { data: page, text: `${page.results.length} of ${page.total} answers (page ${page.page}).` };
  },
});

export const resultTools = [listResults, exportList, findEmail, findEmails, getFind, findResults];
