import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

// The import rules of docs/development.md, on a small tree: each planted violation fails the check.
const CHECK = path.resolve(import.meta.dirname, '../../scripts/check-boundaries.mjs');
let root: string;

function tree(files: Record<string, string>) {
  root = mkdtempSync(path.join(tmpdir(), 'boundaries-'));
  const base: Record<string, string> = {
    'src/server/features/lists/index.ts': 'export const x = 1;',
    'src/server/features/lists/claims.ts': 'export const claim = 1;',
    'src/server/features/lists/schema.ts':
      "import { pgTable } from 'drizzle-orm/pg-core';\nexport const uploads = pgTable('uploads', {});",
    'src/server/features/usage/usage.ts': "import { x } from '../lists';",
    'src/server/features/prober/index.ts': 'export const processProber = 1;',
    'src/server/platform/db/sql.ts': 'export const q = 1;',
    'src/web/lib/api.ts': 'export const api = 1;',
    'src/web/ui/button.tsx': "import { api } from '../lib/api';",
    'src/web/features/lists/api.ts': "import { api } from '../../lib/api';",
    'src/web/features/scraper/Form.tsx': "import { api } from '../../lib/api';",
    'src/web/pages/upload.tsx': "import { api } from '../features/lists/api';",
    'src/web/app/routes.tsx': "import Upload from '../pages/upload';",
  };
  for (const [f, text] of Object.entries({ ...base, ...files })) {
    mkdirSync(path.dirname(path.join(root, f)), { recursive: true });
    writeFileSync(path.join(root, f), text);
  }
}
function check(): { ok: boolean; out: string } {
  try {
    return { ok: true, out: execFileSync('node', [CHECK, '--root', root], { encoding: 'utf8' }) };
  } catch (err) {
    return { ok: false, out: String((err as { stderr: string }).stderr) };
  }
}
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('npm run check:boundaries', () => {
  it('passes a tree that keeps the rules', () => {
    tree({});
    expect(check()).toMatchObject({ ok: true });
  });

  it("lets the Smartlead client's own module and its factory build it", () => {
    tree({
      'src/server/features/smartlead/connection/client.ts': 'export function createSmartleadClient() {}',
      'src/server/features/smartlead/connection/client-for.ts':
        "import { createSmartleadClient } from './client';\nexport const f = createSmartleadClient;",
    });
    expect(check()).toMatchObject({ ok: true });
  });

  it("lets a feature's own statements, comments and foreign keys name its tables", () => {
    tree({
      'src/server/features/lists/queries.ts': 'export const q = sql`DELETE FROM uploads`;',
      'src/server/features/usage/schema.ts':
        '// usage_counters rows point at uploads (see lists)\nexport const u = 1;',
      'src/server/features/usage/usage.ts': '// counted when a row is read from uploads\nexport const n = 1;',
    });
    expect(check()).toMatchObject({ ok: true });
  });

  it('lets a feature import the prober through its index', () => {
    tree({ 'src/server/features/lists/run.ts': "import { processProber } from '../prober';" });
    expect(check()).toMatchObject({ ok: true });
  });

  it('lets routes, and table imports, cross between features that stand on each other', () => {
    tree({
      'src/server/features/lists/routes.ts': "import { quota } from '../usage';",
      'src/server/features/lists/limits.ts': "import { counters } from '../usage/schema';",
    });
    expect(check()).toMatchObject({ ok: true });
  });

  it.each([
    [
      'a server feature reaching inside another',
      'src/server/features/usage/quota.ts',
      "import { claim } from '../lists/claims';",
      "inside feature 'lists'",
    ],
    [
      "a feature importing the prober's jobs file instead of its index",
      'src/server/features/lists/run.ts',
      "import { x } from '../prober/jobs';",
      "inside feature 'prober'",
    ],
    [
      'a feature importing a file usage once shared (usage is entered through its index.ts now)',
      'src/server/features/billing/plans.ts',
      "import { usageSummary } from '../usage/usage';",
      "inside feature 'usage'",
    ],
    [
      'a feature importing a lists file other than its index (lists is entered through index.ts alone)',
      'src/server/features/scraper/routes.ts',
      "import { sendUploadExport } from '../lists/export';",
      "inside feature 'lists'",
    ],
    [
      'the platform importing a feature',
      'src/server/platform/db/x.ts',
      "import { x } from '../../features/lists';",
      "platform may not import feature 'lists'",
    ],
    [
      'the server importing the web',
      'src/server/platform/db/y.ts',
      "import { api } from '../../../web/lib/api';",
      'src/server may not import src/web',
    ],
    [
      'a web feature importing another',
      'src/web/features/scraper/Send.tsx',
      "import { api } from '../lists/api';",
      "web feature 'scraper' may not import feature 'lists'",
    ],
    [
      'lib importing the route bindings',
      'src/web/lib/navigation.ts',
      "import R from '../app/routes';",
      'src/web/lib may not import src/web/app',
    ],
    [
      'a side-effect import of another feature',
      'src/web/features/scraper/Boot.tsx',
      "import '../lists/api';",
      "web feature 'scraper' may not import feature 'lists'",
    ],
    [
      'ui importing a feature',
      'src/web/ui/card.tsx',
      "import { api } from '../features/lists/api';",
      'src/web/ui may not import src/web/features',
    ],
    [
      'two server features whose domain files import each other',
      'src/server/features/lists/limits.ts',
      "import { quota } from '../usage';",
      "server features lists, usage import each other's domain files",
    ],
    [
      'a Smartlead client built outside its factory',
      'src/server/features/smartlead/events/poll.ts',
      "import { createSmartleadClient as make } from './client';",
      'builds a Smartlead client by hand',
    ],
    [
      "a statement on another feature's table, in lowercase raw SQL",
      'src/server/features/usage/report.ts',
      "import { sql } from 'drizzle-orm';\nexport const q = sql`select count(*) from uploads`;",
      "names another feature's table in a statement (uploads (lists))",
    ],
    [
      "a Drizzle statement on another feature's table",
      'src/server/features/usage/report.ts',
      "import { uploads } from '../lists/schema';\nexport const q = (db) => db.select().from(uploads);",
      "names another feature's table in a statement (uploads (lists))",
    ],
  ])('fails on %s', (_, file, text, message) => {
    tree({ [file]: text });
    const r = check();
    expect(r.ok).toBe(false);
    expect(r.out).toContain(message);
  });
});
