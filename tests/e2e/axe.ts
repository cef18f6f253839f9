import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { REPO_ROOT } from './harness';

// axe-core in Chromium pages: every page state checked, serious and critical violations fail at once,
// moderate ones are collected for a total budget. Screenshots go to test-results/screenshots (git-ignored).

const AXE_PATH = path.join(REPO_ROOT, 'node_modules/axe-core/axe.min.js');
export const SCREENSHOT_DIR = path.join(REPO_ROOT, 'test-results/screenshots');

export interface AxeFinding {
  state: string;
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

/** Every moderate (or minor) finding of the run, by page state. */
export const moderateFindings: AxeFinding[] = [];
export const checkedStates: string[] = [];

interface AxeResult {
  violations: { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }[];
}

/** Runs axe on the page as it is now; fails on any serious or critical violation. */
export async function checkA11y(page: Page, state: string): Promise<void> {
  // The pointer leaves whatever was just clicked: a button caught mid-way through its hover transition
  // has colours of neither state (seen under load as a contrast failure). Then transitions (dialogs,
  // menus, toasts fading in) settle so colours are final.
  await page.mouse.move(0, 0);
  await page.waitForTimeout(250);
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE_PATH });
  const result = (await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: unknown, opts: unknown) => Promise<unknown> } })
      .axe;
    return axe.run(document, { resultTypes: ['violations'] });
  })) as AxeResult;
  checkedStates.push(state);
  const findings = result.violations.map((v) => ({
    state,
    id: v.id,
    impact: v.impact ?? 'minor',
    help: v.help,
    targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
  }));
  const blocking = findings.filter((f) => f.impact === 'serious' || f.impact === 'critical');
  moderateFindings.push(...findings.filter((f) => f.impact === 'moderate'));
  expect(blocking, `${state}: ${JSON.stringify(blocking, null, 2)}`).toEqual([]);
}

let shot = 0;
/** Saves a screenshot of the viewport; returns its path relative to the repository. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  shot++;
  const file = path.join(SCREENSHOT_DIR, `${String(shot).padStart(2, '0')}-${name}.png`);
  await page.screenshot({ path: file });
  return path.relative(REPO_ROOT, file);
}
