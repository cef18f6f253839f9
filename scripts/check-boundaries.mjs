// `npm run check:boundaries`: the import rules of docs/development.md, checked on every source file.
//  1. src/web never imports src/server, src/server never imports src/web, src/shared imports neither
//     (both sides share only src/shared).
//  2. A feature folder of the server is entered through its public files only: from outside the folder,
//     import its index.ts, routes.ts, jobs.ts, schema.ts, env.ts or a file listed for it in SHARED below,
//     never another of its files. A feature's surface is its index.ts; SHARED names the few exceptions
//     left, each with why; a feature in INDEX_ONLY is entered through its index.ts alone. Tests (*.test.ts) may reach inside, and so may the app's wiring (app.ts, boot.ts,
//     features.ts, db/schema.ts).
//  3. Server features' domain files form no cycle between feature folders (lists → webhooks → lists):
//     a feature stands on others, never on one that stands on it. Routes and jobs files are left out
//     (they sit above every feature: each route asks the request guard, which reads users and
//     workspaces), and so are imports of another feature's tables (a foreign key names its table).
//  4. A Smartlead client is built by its factory only (smartlead/connection/client-for.ts: the workspace's key, its
//     product name, a named retry policy): no other source file names `createSmartleadClient`.
//  5. A table is written and read by the feature that owns it (its schema.ts declares it): no server
//     file outside that feature names it in a statement, raw or Drizzle. Others call the owner's named
//     functions. A foreign key in schema.ts is not a statement.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { components } from './lib/cycles.mjs';
import {
  featureOfPath,
  foreignStatements,
  isSchemaFile,
  serverFiles,
  stripComments,
  tableOwners,
} from './lib/tables.mjs';

// `--root <dir>` checks another tree (the check's own test plants violations in a temporary one).
const rootArg = process.argv.indexOf('--root');
const ROOT =
  rootArg > 0
    ? path.resolve(process.argv[rootArg + 1])
    : path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const SRC = path.join(ROOT, 'src');
/** Every folder under src/server/features is a feature: none can be forgotten by the check. */
const FEATURES = readdirSync(path.join(SRC, 'server/features'), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const PUBLIC = new Set(['index.ts', 'routes.ts', 'jobs.ts', 'schema.ts', 'env.ts']);
/**
 * Further files other features may use, per feature: none but these, kept for files another change is
 * rewriting (finder/run.ts asks usage's quota and sends webhook events). Every other feature is entered through its index.ts alone.
 */
const SHARED = {
  usage: ['quota'],
  webhooks: ['emit'],
};
/**
 * Features entered through their index.ts alone (decision 0940): the engine's process prober. Their
 * env.ts is read by the config (wiring) only.
 */
const INDEX_ONLY = new Set(['prober']);
const WIRING = new Set([
  'src/server/app.ts',
  'src/server/boot.ts',
  'src/server/features/index.ts',
  'src/server/platform/db/schema.ts',
  'src/server/platform/config/index.ts',
]);

const files = [];
(function walk(dir) {
  for (const name of readdirSync(dir)) {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) walk(p);
    else if (/\.(ts|tsx)$/.test(name)) files.push(p);
  }
})(SRC);

const area = (rel) => rel.split('/')[1]; // server | web | shared | cli
const featureOf = (rel) => {
  const parts = rel.split('/');
  return parts[1] === 'server' && parts[2] === 'features' && parts.length > 3 && FEATURES.includes(parts[3])
    ? parts[3]
    : null;
};
const isPlatform = (rel) => rel.startsWith('src/server/platform/');

/**
 * The web's layers (docs/development.md): what each folder of src/web may import besides src/shared.
 * A feature imports ui/, lib/ and its own folder only; screens (pages/) and the shell (layout/)
 * compose features; app/ binds the screens to routes.
 */
const WEB_LAYERS = {
  lib: ['lib'],
  ui: ['ui', 'lib'],
  features: ['ui', 'lib'],
  layout: ['layout', 'ui', 'lib', 'features'],
  pages: ['pages', 'layout', 'ui', 'lib', 'features'],
  app: ['app', 'pages', 'layout', 'ui', 'lib', 'features'],
};
const webLayer = (rel) => (rel.startsWith('src/web/') ? rel.split('/')[2] : null);
const webFeature = (rel) => (webLayer(rel) === 'features' ? rel.split('/')[3] : null);

const problems = [];
// `import x from '…'`, `export … from '…'`, `import('…')` and side-effect imports (`import '…'`).
const IMPORT =
  /(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s+['"]([^'"]+)['"]/gm;
for (const file of files) {
  const rel = path.relative(ROOT, file);
  const text = readFileSync(file, 'utf8');
  const isTest = /\.test\.tsx?$/.test(rel);
  for (const m of text.matchAll(IMPORT)) {
    const spec = m[1] ?? m[2] ?? m[3];
    if (!spec.startsWith('.')) continue;
    const target = path.relative(ROOT, path.resolve(path.dirname(file), spec));
    if (!target.startsWith('src/')) continue;
    const [from, to] = [area(rel), area(target)];
    if ((from === 'web' && to === 'server') || (from === 'server' && to === 'web')) {
      problems.push(`${rel}: src/${from} may not import src/${to} (${spec}); share code through src/shared`);
    }
    if (from === 'shared' && (to === 'server' || to === 'web')) {
      problems.push(`${rel}: src/shared may not import src/${to} (${spec})`);
    }
    const [fromLayer, toLayer] = [webLayer(rel), webLayer(target)];
    if (fromLayer && toLayer && fromLayer in WEB_LAYERS && !isTest) {
      const sameFeature = fromLayer === 'features' && webFeature(rel) === webFeature(target);
      if (fromLayer === 'features' && toLayer === 'features' && !sameFeature) {
        problems.push(
          `${rel}: web feature '${webFeature(rel)}' may not import feature '${webFeature(target)}' (${spec}); compose them in a page`,
        );
      } else if (!sameFeature && !WEB_LAYERS[fromLayer].includes(toLayer)) {
        problems.push(`${rel}: src/web/${fromLayer} may not import src/web/${toLayer} (${spec})`);
      }
    }
    const feature = featureOf(`${target}.ts`) ?? featureOf(target);
    if (feature && isPlatform(rel) && !isTest && !WIRING.has(rel)) {
      problems.push(
        `${rel}: the platform may not import feature '${feature}' (${spec}); features stand on it`,
      );
    }
    if (!feature || isTest || WIRING.has(rel) || featureOf(rel) === feature) continue;
    const inside = target.split('/').slice(4).join('/');
    const publicFile = INDEX_ONLY.has(feature)
      ? inside === '' || inside === 'index'
      : PUBLIC.has(`${inside}.ts`) ||
        PUBLIC.has(inside) ||
        inside === '' ||
        inside === 'index' ||
        (SHARED[feature] ?? []).includes(inside);
    if (!publicFile) {
      problems.push(
        `${rel}: imports ${target} from inside feature '${feature}'; use its public files (scripts/check-boundaries.mjs)`,
      );
    }
  }
}

/** Folder-level cycles among features' domain files (rule 3): each as the folders in it, or []. */
function domainCycles() {
  const graph = new Map();
  const adapter = (rel) => /(routes|\/jobs)\.ts$/.test(rel);
  for (const file of files) {
    const rel = path.relative(ROOT, file);
    const from = featureOf(rel);
    if (!from || /\.test\.tsx?$/.test(rel) || adapter(rel)) continue;
    const edges = graph.get(from) ?? new Set();
    graph.set(from, edges);
    for (const m of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const spec = m[1] ?? m[2] ?? m[3];
      if (!spec.startsWith('.') || /\/schema$/.test(spec)) continue;
      const target = path.relative(ROOT, path.resolve(path.dirname(file), spec));
      const to = featureOf(`${target}.ts`) ?? featureOf(target);
      if (to && to !== from) edges.add(to);
    }
  }
  return components(graph).map((c) => c.sort());
}
for (const cycle of domainCycles()) {
  problems.push(
    `server features ${cycle.join(', ')} import each other's domain files (a cycle); move what both need into the one below`,
  );
}

// Rule 4: the name, not a call, so an aliased import or a re-export is caught too.
const CLIENT_MAKERS = new Set([
  'src/server/features/smartlead/connection/client.ts',
  'src/server/features/smartlead/connection/client-for.ts',
]);
for (const file of files) {
  const rel = path.relative(ROOT, file);
  if (/\.test\.tsx?$/.test(rel) || CLIENT_MAKERS.has(rel)) continue;
  if (/\bcreateSmartleadClient\b/.test(readFileSync(file, 'utf8'))) {
    problems.push(
      `${rel}: builds a Smartlead client by hand; use smartleadClientFor (smartlead/connection/client-for.ts)`,
    );
  }
}

// Rule 5.
const owners = tableOwners(ROOT);
for (const rel of serverFiles(ROOT)) {
  if (isSchemaFile(rel)) continue;
  const foreign = foreignStatements(
    stripComments(readFileSync(path.join(ROOT, rel), 'utf8')),
    featureOfPath(rel),
    owners,
  );
  if (foreign.length) {
    problems.push(
      `${rel}: names another feature's table in a statement (${[...new Set(foreign)].join(', ')}); call its owner's queries`,
    );
  }
}

if (problems.length) {
  console.error(
    `Import boundaries: ${problems.length} problem(s)\n${problems.map((p) => `  ${p}`).join('\n')}`,
  );
  process.exit(1);
}
console.log(`Import boundaries: ${files.length} files checked, no problems.`);
