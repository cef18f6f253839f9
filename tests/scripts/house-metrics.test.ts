import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

// `node scripts/house-metrics.mjs` on a small tree: an export only a test imports is counted and named.
const METRICS = path.resolve(import.meta.dirname, '../../scripts/house-metrics.mjs');
let root: string;

function tree(files: Record<string, string>) {
  root = mkdtempSync(path.join(tmpdir(), 'house-metrics-'));
  const base: Record<string, string> = {
    'package.json': '{ "name": "fixture", "type": "module" }',
    'src/server/features/lists/index.ts': 'export const x = 1;',
    'src/shared/a.ts': 'export const used = 1;\nexport const spare = 2;\nexport type Spare = { n: number };',
    'src/shared/a.test.ts':
      "import { type Spare, spare, used } from './a';\nexport const s: Spare = { n: spare + used };",
  };
  for (const [f, text] of Object.entries({ ...base, ...files })) {
    mkdirSync(path.dirname(path.join(root, f)), { recursive: true });
    writeFileSync(path.join(root, f), text);
  }
}
const metrics = () =>
  execFileSync(process.execPath, [METRICS, '--root', root, '--verbose'], { encoding: 'utf8' });
const line = (out: string) => out.split('\n').find((l) => l.startsWith('exports used only by tests'));
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('house-metrics: exports used only by tests', () => {
  it('counts an export and a type that only a test imports, and names them', () => {
    tree({ 'src/server/main.ts': "import { used } from '../shared/a';\nconsole.log(used);" });
    const out = metrics();
    expect(line(out)).toMatch(/ 2$/);
    expect(out).toContain('src/shared/a.ts:2 spare');
    expect(out).toContain('src/shared/a.ts:3 Spare');
  });

  it('counts none when the program uses what the test imports', () => {
    tree({
      'src/server/main.ts':
        "import { type Spare, spare, used } from '../shared/a';\nconst s: Spare = { n: spare };\nconsole.log(used, s);",
    });
    expect(line(metrics())).toMatch(/ 0$/);
  });
});
