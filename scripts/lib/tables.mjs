// Who owns each table, and which statements a server file writes on which tables (docs/development.md,
// "The database"). Used by `npm run check:boundaries` (rule 5) and `node scripts/house-metrics.mjs`.
//
// A table belongs to the feature whose schema.ts declares it; the few tables only raw SQL touches (no
// Drizzle declaration) are named below. Statements are found in the code with comments stripped, in
// any letter case: raw SQL in `sql` templates and strings, and Drizzle calls on a table's identifier.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** Tables with no Drizzle declaration, and their owners. */
const RAW_ONLY = {
  prober_hosts: 'prober',
  prober_slots: 'prober',
  smartlead_rate_pauses: 'smartlead',
  smartlead_rate_slots: 'smartlead',
  lead_categories: 'smartlead',
  login_failures: 'auth',
};

/** { byTable: Map(table → feature), byIdent: Map(Drizzle identifier → { table, feature }) }. */
export function tableOwners(root) {
  const featuresDir = path.join(root, 'src/server/features');
  const byTable = new Map(Object.entries(RAW_ONLY));
  const byIdent = new Map();
  for (const feature of readdirSync(featuresDir)) {
    const schema = path.join(featuresDir, feature, 'schema.ts');
    let text;
    try {
      text = readFileSync(schema, 'utf8');
    } catch {
      continue;
    }
    for (const m of text.matchAll(/export const (\w+)\s*=\s*pgTable\(\s*'([a-z_0-9]+)'/g)) {
      byTable.set(m[2], feature);
      byIdent.set(m[1], { table: m[2], feature });
    }
  }
  return { byTable, byIdent };
}

/** The server feature a repository-relative path belongs to, or 'platform'. */
export const featureOfPath = (rel) => /^src\/server\/features\/([^/]+)\//.exec(rel)?.[1] ?? 'platform';

/** The code without its comments (a `//` inside a string such as a URL is kept). */
export function stripComments(text) {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[\s;,{}()])\/\/.*$/gm, '$1');
}

/** The bodies of every `sql` template (nested ones included) and of string literals that hold SQL. */
export function sqlTexts(code) {
  const out = [];
  for (let i = code.indexOf('sql'); i !== -1; i = code.indexOf('sql', i + 1)) {
    let j = i + 3;
    if (/\w/.test(code[i - 1] ?? '')) continue;
    if (code[j] === '<') {
      let depth = 0;
      for (; j < code.length; j++) {
        if (code[j] === '<') depth++;
        else if (code[j] === '>' && --depth === 0) break;
      }
      j++;
    }
    if (code[j] === '.') j = code.indexOf('`', j); // sql.raw`…` is not used; sql.join etc. are not templates
    if (code[j] !== '`') continue;
    out.push(templateBody(code, j));
  }
  // Untagged templates and strings given to a driver's query().
  for (const m of code.matchAll(/`\s*(?:select|insert|update|delete|with)\s/gi)) {
    if (!/sql(<[^`]*>)?$/.test(code.slice(Math.max(0, m.index - 40), m.index)))
      out.push(templateBody(code, m.index));
  }
  for (const m of code.matchAll(/'((?:select|insert|update|delete|with)\s[^'\n]*)'/gi)) out.push(m[1]);
  return out;
}

/** The text of the template literal opening at `start` (a backtick), with `${…}` parts left as `$`. */
function templateBody(code, start) {
  let body = '';
  let depth = 0;
  for (let k = start + 1; k < code.length; k++) {
    const c = code[k];
    if (depth === 0 && c === '`') break;
    if (depth === 0 && c === '$' && code[k + 1] === '{') {
      depth = 1;
      body += '$';
      k++;
      continue;
    }
    if (depth > 0) {
      if (c === '{') depth++;
      else if (c === '}') depth--;
      continue;
    }
    body += c;
  }
  return body;
}

const TABLE_AFTER = /\b(?:from|join|into|update|table)\s+([a-z_][a-z_0-9]*)/gi;

const STATEMENT =
  /^\s*(select\s[\s\S]*\bfrom\s|insert\s+into\s|update\s+\w+(\s+\w+)?\s+set\s|delete\s+from\s|with\s+(recursive\s+)?\w+\s+as\s*\()/i;

/**
 * Each raw statement: the tables it names, and `single` when it is on one Drizzle-declared table with
 * no sub-select, CTE or row lock, i.e. the builder could write it plainly. `declared`: the tables
 * Drizzle knows (tableOwners().byIdent's tables).
 */
export function rawStatements(code, declared) {
  const statements = [];
  for (const body of sqlTexts(code)) {
    if (!STATEMENT.test(body)) continue; // a fragment or a sentence, not a statement
    const tables = [...body.matchAll(TABLE_AFTER)].map((m) => m[1].toLowerCase());
    const locking = /\bfor\s+(update|share)\b|\bskip\s+locked\b/i.test(body);
    const nested = /\(\s*select\b/i.test(body) || /^\s*with\b/i.test(body);
    const one = new Set(tables).size === 1 && declared.has(tables[0]);
    statements.push({ body, tables, single: one && !locking && !nested });
  }
  return statements;
}

/** Statements in `code` (a file of `feature`) on another feature's table: `table (owner)` each. */
export function foreignStatements(code, feature, owners) {
  const out = [];
  for (const body of sqlTexts(code)) {
    for (const m of body.matchAll(TABLE_AFTER)) {
      const owner = owners.byTable.get(m[1].toLowerCase());
      if (owner && owner !== feature) out.push(`${m[1].toLowerCase()} (${owner})`);
    }
  }
  for (const m of code.matchAll(/\.(?:from|insert|update|delete|\w*[jJ]oin)\(\s*(\w+)\s*[,)]/g)) {
    const t = owners.byIdent.get(m[1]);
    if (t && t.feature !== feature) out.push(`${t.table} (${t.feature})`);
  }
  return out;
}

/** Every non-test TypeScript file under src/server, repository-relative. */
export function serverFiles(root) {
  const files = [];
  (function walk(dir) {
    for (const name of readdirSync(dir)) {
      const p = path.join(dir, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)) files.push(path.relative(root, p));
    }
  })(path.join(root, 'src/server'));
  return files;
}

/** The schema files (foreign keys name other features' tables) are not statements. */
export const isSchemaFile = (rel) => /\/schema\.ts$/.test(rel) || rel.includes('db/migrations');
