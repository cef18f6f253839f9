// `node scripts/house-metrics.mjs`: counts that say how the house is kept (decisions 0700, 0720, 0730):
// inline mutations, hand-written query keys, direct API calls and queries without a response schema in
// the web; form styles; raw SQL outside queries modules, statements on another feature's table and
// single-table statements written raw (scripts/lib/tables.mjs; any letter case); back-off formulas;
// Smartlead clients built outside the factory; a reason's fields outside its table; files over 250
// lines; module-level mutable state in server features (decision 0940); exports used only by tests;
// and import cycles (strongly connected components of the relative import graph, type-only imports
// included and excluded).
// `--verbose` lists what each count found; `--root <dir>` counts another tree (the tests' small ones).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { components } from './lib/cycles.mjs';
import {
  featureOfPath,
  foreignStatements,
  isSchemaFile,
  rawStatements,
  sqlTexts,
  stripComments,
  tableOwners,
} from './lib/tables.mjs';

const HOME = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const rootArg = process.argv.indexOf('--root');
const ROOT = rootArg > 0 ? path.resolve(process.argv[rootArg + 1]) : HOME;
const SRC = path.join(ROOT, 'src');
const files = [];
(function walk(dir) {
  for (const name of readdirSync(dir)) {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) walk(p);
    else if (/\.(ts|tsx)$/.test(name)) files.push(p);
  }
})(SRC);
const rel = (f) => path.relative(ROOT, f);
const isTest = (f) => /\.test\.tsx?$/.test(f);
const text = new Map(files.map((f) => [f, readFileSync(f, 'utf8')]));
const web = files.filter((f) => rel(f).startsWith('src/web/') && !isTest(f));
const server = files.filter((f) => rel(f).startsWith('src/server/') && !isTest(f));
// The web's data layer: each feature's api.ts, and lib's modules shared by every feature (the API
// client, the session, the queries several features read).
const DATA_LAYER = new Set([
  'src/web/lib/api.ts',
  'src/web/lib/csrf.ts',
  'src/web/lib/auth.ts',
  'src/web/lib/shared-queries.ts',
  'src/web/lib/use-branding.ts',
]);
const isApiModule = (f) => path.basename(f) === 'api.ts' || DATA_LAYER.has(rel(f));
const count = (s, re) => (s.match(re) ?? []).length;

const inlineMutations = web
  .filter((f) => !isApiModule(f))
  .map((f) => [f, count(text.get(f), /\buseMutation\(/g)]);
const handKeys = web
  .filter((f) => !isApiModule(f))
  .map((f) => [f, count(text.get(f), /queryKey:\s*\[/g) + count(text.get(f), /\bfetch\(/g)]);
const forms = { 'react-hook-form': [], 'useState + safeParse': [], 'plain useState': [] };
for (const f of web.filter((x) => x.endsWith('.tsx'))) {
  const s = text.get(f);
  if (!/<form\b/.test(s)) continue;
  if (/\buseForm\s*(<[^()]*>)?\(/.test(s)) forms['react-hook-form'].push(f);
  else if (/\.safeParse\(/.test(s)) forms['useState + safeParse'].push(f);
  else forms['plain useState'].push(f);
}
// SQL in a `sql` template or a query string (comments left out), in any letter case: a statement or a
// fragment that reads or writes a table.
const SQL =
  /\b(select\s[\s\S]*?\bfrom\b|insert\s+into|update\s+\w+\s+set|delete\s+from|with\s+\w+\s+as\s*\()/i;
const hasSql = (f) => sqlTexts(stripComments(text.get(f))).some((body) => SQL.test(body));
// A feature's queries.ts (or queries/) is where its raw SQL belongs; raw SQL anywhere else is counted.
const isQueries = (f) => /\/queries(\.ts$|\/)/.test(rel(f));
const rawSql = server.filter((f) => !isQueries(f) && hasSql(f));
const queryFiles = server.filter((f) => isQueries(f) && hasSql(f));
const backoff = server.flatMap((f) =>
  (text.get(f).match(/2\s*\*\*\s*\(?[\w.]+|Math\.pow\(\s*2|\*\*\s*attempt/g) ?? []).map(
    (m) => `${rel(f)}: ${m}`,
  ),
);
// Smartlead clients built by hand, outside the factory (smartlead/connection/client-for.ts; check-boundaries rule 4).
const CLIENT_MAKERS = new Set([
  'src/server/features/smartlead/connection/client.ts',
  'src/server/features/smartlead/connection/client-for.ts',
]);
const handClients = server
  .filter((f) => !CLIENT_MAKERS.has(rel(f)))
  .map((f) => [f, count(text.get(f), /\bcreateSmartleadClient\s*\(/g)]);
// A reason's status written beside it instead of read from its row (shared/reasons.ts, verdictOf); a
// verdict without a reason (step 1's pass) is not one.
const PAIR = /status\s*[:=]\s*'(valid|invalid|risky)'[,;]\s*reason\s*[:=]\s*(?!null\b)['\w]/g;
const reasonPairs = files
  .filter((f) => !isTest(f) && rel(f) !== 'src/shared/reasons.ts')
  .map((f) => [f, count(text.get(f), PAIR)]);
// A reason's fields kept beside it: a map keyed by reason code outside the reasons' table.
const reasonMaps = files
  .filter((f) => !isTest(f) && rel(f) !== 'src/shared/reasons.ts')
  .map((f) => [f, count(text.get(f), /Record<\s*ReasonCode\b|Partial<Record<\s*ReasonCode\b/g)]);

// Tables (scripts/lib/tables.mjs): statements on another feature's table, and single-table statements
// on a declared table written raw where the builder belongs (docs/development.md, "The database").
const owners = tableOwners(ROOT);
const declared = new Set([...owners.byIdent.values()].map((t) => t.table));
const foreign = [];
const rawSingle = [];
for (const f of server.filter((x) => !isSchemaFile(rel(x)))) {
  const code = stripComments(text.get(f));
  for (const t of foreignStatements(code, featureOfPath(rel(f)), owners)) foreign.push(`${rel(f)}: ${t}`);
  for (const st of rawStatements(code, declared).filter((x) => x.single)) {
    rawSingle.push(`${rel(f)}: ${st.body.trim().replace(/\s+/g, ' ').slice(0, 70)}`);
  }
}

// The web: calls to the API outside the data layer, and queries whose answer is not checked against a
// shared schema (an inline query object naming no schema; a factory's own object is checked where written).
// A method beside an API path (`x('POST', '/api/…')`) is a request too, whatever the function is called:
// the client's own names alone missed pass-throughs (a feature's `teamRequest`, `accountCall`) that let
// screens write the method and URL while counting nothing.
const directCalls = web
  .filter((f) => !isApiModule(f))
  .map((f) => [
    f,
    count(text.get(f), /(?<![.\w])(apiRequest|apiJson|fetch)\(|new XMLHttpRequest\b/g) +
      count(text.get(f), /'(GET|POST|PUT|PATCH|DELETE)',\s*['"`]\/api\//g),
  ]);
const unchecked = [];
for (const f of web) {
  const s = text.get(f);
  for (const m of s.matchAll(
    /\b(queryOptions|useQuery|useInfiniteQuery|useSuspenseQuery)\s*(<[^()]*>)?\(\s*\{/g,
  )) {
    let depth = 0;
    let end = m.index + m[0].length - 1;
    for (; end < s.length; end++) {
      if (s[end] === '{') depth++;
      else if (s[end] === '}' && --depth === 0) break;
    }
    const body = s.slice(m.index, end);
    // A spread factory (`...teamQueries.activity()`) brings its own schema.
    if (!/\bschema\b|Schema\b|\.\.\.\w+Queries\./.test(body))
      unchecked.push(`${rel(f)}:${s.slice(0, m.index).split('\n').length}`);
  }
}

const long = files.filter((f) => !isTest(f)).map((f) => [f, text.get(f).split('\n').length]);
const over = long.filter(([, n]) => n > 250).sort((a, b) => b[1] - a[1]);

function resolveImport(from, spec) {
  if (!spec.startsWith('.')) return null;
  const base = path.resolve(path.dirname(from), spec.replace(/\.js$/, ''));
  for (const c of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    path.join(base, 'index.ts'),
    path.join(base, 'index.tsx'),
  ])
    if (existsSync(c) && statSync(c).isFile()) return c;
  return null;
}
/** File-level import cycles in src (type-only imports counted or not). */
function cycles(withTypes) {
  const graph = new Map();
  for (const f of files.filter((x) => !isTest(x))) {
    const edges = [];
    const re = /(import|export)\s+(type\s+)?[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;
    for (const m of text.get(f).matchAll(re)) {
      if (m[2] && !withTypes) continue;
      const to = resolveImport(f, m[3] ?? m[4]);
      if (to) edges.push(to);
    }
    graph.set(f, edges);
  }
  return components(graph);
}
/**
 * Folder-level cycles between server features (e.g. auth ↔ workspaces). `domain`: the features' domain
 * files only, i.e. without their adapters (routes and jobs files, which sit above every feature: each
 * route asks the request guard, which reads users and workspaces) and without imports of another
 * feature's tables (a foreign key names the table it points at).
 */
function featureCycles(domain) {
  const graph = new Map();
  const featureOf = (f) => /^src\/server\/features\/([^/]+)\//.exec(rel(f))?.[1];
  const adapter = (f) => /(routes|\/jobs)\.ts$/.test(f);
  for (const f of files.filter((x) => !isTest(x) && featureOf(x) && !(domain && adapter(x)))) {
    const from = featureOf(f);
    const edges = graph.get(from) ?? new Set();
    graph.set(from, edges);
    for (const m of text.get(f).matchAll(/(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]/g)) {
      if (domain && /\/schema$/.test(m[1])) continue;
      const to = resolveImport(f, m[1]);
      const tf = to && featureOf(to);
      if (tf && tf !== from) edges.add(tf);
    }
  }
  return components(new Map([...graph].map(([k, v]) => [k, [...v]])));
}

/**
 * Module-level mutable state in server features (docs/development.md: dependencies are passed, never
 * global): a top-level `let`/`var`, or a top-level Map, Set or array the file changes. One that must
 * stay process-wide is named in a decision record: a line of docs/decisions that names its file (as
 * `feature/file.ts`) and its name (as `name`), both in backticks.
 */
const MUTATES = (name) =>
  new RegExp(`\\b${name}(\\.(set|add|delete|clear|push|pop|shift|unshift|splice)\\(|\\[[^\\]]+\\]\\s*=[^=])`);
const moduleState = [];
for (const f of server.filter((x) => rel(x).startsWith('src/server/features/'))) {
  const code = stripComments(text.get(f));
  for (const m of code.matchAll(/^(?:export\s+)?(let|var|const)\s+(\w+)(?:\s*:[^=\n]+)?\s*=\s*([^\n]*)/gm)) {
    const [, kind, name, init] = m;
    const collection = /^(new\s+(Map|Set|WeakMap|WeakSet)\b|\[\])/.test(init);
    if (kind !== 'const' || (collection && MUTATES(name).test(code))) {
      moduleState.push({ file: rel(f).replace('src/server/features/', ''), name });
    }
  }
  for (const m of code.matchAll(/^(?:export\s+)?let\s+(\w+)\s*(?::[^=;\n]+)?;/gm)) {
    moduleState.push({ file: rel(f).replace('src/server/features/', ''), name: m[1] });
  }
}
const DECISIONS = path.join(ROOT, 'docs/decisions');
const recordLines = existsSync(DECISIONS)
  ? readdirSync(DECISIONS)
      .filter((n) => n.endsWith('.md'))
      .flatMap((n) => readFileSync(path.join(DECISIONS, n), 'utf8').split('\n'))
  : [];
const named = (s) => recordLines.some((l) => l.includes(`\`${s.file}\``) && l.includes(`\`${s.name}\``));

/**
 * Exports used only by tests: knip in production mode (scripts/lib/knip-production.jsonc: the programs
 * are the entries, tests are left out) reports the exports nothing but a test imports (plain `npx knip`
 * being clean, nothing else is unused). Knip reads the tree and writes nothing; a few seconds, offline.
 */
function testOnlyExports() {
  const knip = path.join(HOME, 'node_modules/knip/bin/knip.js');
  const config = path.join(HOME, 'scripts/lib/knip-production.jsonc');
  const args = ['--production', '--config', config, '--no-progress'];
  args.push('--include', 'exports,types,nsExports,nsTypes', '--reporter', 'json');
  const run = spawnSync(process.execPath, [knip, ...args], { cwd: ROOT, encoding: 'utf8' });
  try {
    const { issues } = JSON.parse(run.stdout);
    return issues.flatMap((i) =>
      ['exports', 'types', 'nsExports', 'nsTypes'].flatMap((k) =>
        (i[k] ?? []).map((e) => `${i.file}:${e.line} ${e.name}`),
      ),
    );
  } catch {
    const lines = (run.stderr || run.stdout || String(run.error)).trim().split('\n');
    return { failed: lines.find((l) => /error/i.test(l)) ?? lines[0] };
  }
}

const sum = (xs) => xs.reduce((a, [, n]) => a + n, 0);
const verbose = process.argv.includes('--verbose');
const show = (label, n, list) => {
  console.log(`${label.padEnd(44)} ${n}`);
  if (verbose) for (const l of list) console.log(`    ${l}`);
};
show(
  'inline mutations (outside the data layer)',
  sum(inlineMutations),
  inlineMutations.filter(([, n]) => n).map(([f, n]) => `${rel(f)} ${n}`),
);
show(
  'query keys / fetch by hand (same)',
  sum(handKeys),
  handKeys.filter(([, n]) => n).map(([f, n]) => `${rel(f)} ${n}`),
);
const styles = Object.entries(forms).filter(([, l]) => l.length);
show(
  'form styles',
  styles.length,
  styles.map(([k, l]) => `${k}: ${l.length} (${l.map(rel).join(', ')})`),
);
show(
  'server files with raw SQL outside queries.ts',
  `${rawSql.length} (queries files: ${queryFiles.length})`,
  rawSql.map(rel),
);
show('back-off formulas', backoff.length, backoff);
show(
  'Smartlead clients built outside the factory',
  sum(handClients),
  handClients.filter(([, n]) => n).map(([f, n]) => `${rel(f)} ${n}`),
);
// Comments and test names citing an outside tracker ("issue 14") or the spec kept outside the repository
// ("SPEC §3"), in src, tests and scripts; landed migrations are left out (they are never edited).
const citing = [];
function walkAll(dir) {
  for (const name of readdirSync(dir)) {
    const p = path.join(dir, name);
    if (name === 'node_modules' || rel(p).includes('db/migrations')) continue;
    if (statSync(p).isDirectory()) walkAll(p);
    else if (/\.(ts|tsx|mjs|js)$/.test(name) && p !== new URL(import.meta.url).pathname) {
      readFileSync(p, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (/[Ii]ssue \d+|SPEC/.test(line)) citing.push(`${rel(p)}:${i + 1}`);
        });
    }
  }
}
for (const d of ['src', 'tests', 'scripts']) if (existsSync(path.join(ROOT, d))) walkAll(path.join(ROOT, d));
show(
  "reason statuses written outside the reasons' table",
  sum(reasonPairs),
  reasonPairs.filter(([, n]) => n).map(([f, n]) => `${rel(f)} ${n}`),
);
show(
  "fields of a reason held outside the reasons' table",
  sum(reasonMaps),
  reasonMaps.filter(([, n]) => n).map(([f, n]) => `${rel(f)} ${n}`),
);
show("statements on another feature's table", foreign.length, foreign);
show('single-table statements written raw', rawSingle.length, rawSingle);
show(
  'direct API calls in web components',
  sum(directCalls),
  directCalls.filter(([, n]) => n).map(([f, n]) => `${rel(f)} ${n}`),
);
show('queries without a response schema', unchecked.length, unchecked);
show(
  'module-level mutable state in server features',
  `${moduleState.length} (named in a decision record: ${moduleState.filter(named).length})`,
  moduleState.map((s) => `${s.file} ${s.name}${named(s) ? ' (named)' : ''}`),
);
const testOnly = testOnlyExports();
if (Array.isArray(testOnly)) show('exports used only by tests', testOnly.length, testOnly);
else show('exports used only by tests', `not counted (knip: ${testOnly.failed})`, []);
show('lines citing an issue or SPEC', citing.length, citing);
show(
  'source files over 250 lines',
  over.length,
  over.map(([f, n]) => `${rel(f)} ${n}`),
);
for (const withTypes of [true, false]) {
  const c = cycles(withTypes);
  show(
    `import cycles (${withTypes ? 'with' : 'without'} type imports)`,
    `${c.length} (files in them: ${c.reduce((a, x) => a + x.length, 0)}, largest: ${c[0]?.length ?? 0})`,
    c.map((x) => `${x.length}: ${x.map(rel).slice(0, 6).join(' ')}${x.length > 6 ? ' …' : ''}`),
  );
}
for (const domain of [false, true]) {
  const fc = featureCycles(domain);
  show(
    `server feature folders in a cycle (${domain ? 'domain files' : 'all files'})`,
    `${fc.reduce((a, x) => a + x.length, 0)} (${fc.length} cycle group(s))`,
    fc.map((x) => x.sort().join(' ')),
  );
}
