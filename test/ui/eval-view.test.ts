/**
 * The eval view of `reins ui` in real headless Chromium: the list of stored evals, and an eval's
 * chart (one point per protocol, the recommended one marked), its table, and its failed tasks with
 * the raw output beside the expected call. The eval is a real one, of the flawed test model.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evaluate } from '../../src/eval/evaluate.ts';
import { selectTasks } from '../../src/eval/select-tasks.ts';
import { shippedTasks } from '../../src/eval/shipped-tasks.ts';
import { SqliteEvalStore } from '../../src/sessions/sqlite-eval-store.ts';
import type { EvalReport } from '../../src/spec/eval-report.ts';
import { validateToolArgs } from '../../src/tools/schema-validator.ts';
import { startReins, tempWorkspace, type ReinsProcess } from '../cli/cli-process.ts';
import { FlawedModel, usableTasks } from '../helpers/flawed-model.ts';
import { launchChromium } from '../helpers/launch-chromium.ts';

let work: Awaited<ReturnType<typeof tempWorkspace>>;
let ui: ReinsProcess;
let url: URL;
let browser: Browser;
let page: Page;
let report: EvalReport;

beforeAll(async () => {
  work = await tempWorkspace();
  const tasks = selectTasks(usableTasks(shippedTasks(), (tool, args) => validateToolArgs(tool, args).ok), { limit: 22 });
  const model = new FlawedModel(tasks, { native: { wrong: 0.1, invalidFirst: 0 }, json: { wrong: 0.5, invalidFirst: 0.2 }, xml: { wrong: 0.25, invalidFirst: 0 } });
  report = await evaluate({ model, modelName: 'openai:flawed-1', tasks, protocols: ['native', 'json', 'xml'] });
  const store = new SqliteEvalStore({ path: work.store });
  report.id = await store.saveEval(report);
  await store.close();
  ui = startReins(['ui', '--store', work.store, '--no-open'], { cwd: work.dir });
  url = new URL((await ui.line((line) => line.startsWith('reins ui: '))).slice('reins ui: '.length));
  browser = await launchChromium();
  page = await browser.newPage();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  ui?.killHard();
  await ui?.finished.catch(() => undefined);
  await work?.remove();
});

describe('reins ui: evals', () => {
  it('lists the stored evals with the protocol each recommends', async () => {
    await page.goto(url.href);
    await page.click('a[href="/evals"]');
    const row = page.locator('tr.eval-row');
    await row.first().waitFor();
    expect(await row.count()).toBe(1);
    expect(await row.textContent()).toContain('openai:flawed-1');
    expect(await row.textContent()).toContain(`${report.recommended!.variant} (`);
  });

  it('shows an eval as a chart of accuracy against tokens, one point per protocol, the recommended one marked', async () => {
    await page.goto(new URL(`/evals/${report.id}`, url).href);
    await page.locator('.eval-chart .point').first().waitFor();
    expect(await page.locator('.eval-chart .point').evaluateAll((points) => points.map((point) => point.getAttribute('data-variant')))).toEqual(['native', 'json', 'xml']);
    expect(await page.locator('.eval-chart .point.recommended').getAttribute('data-variant')).toBe('native');
    // Higher accuracy is drawn higher: native (90%) above xml (75%) above json (50%).
    const heights = await page.locator('.eval-chart .point circle').evaluateAll((circles) => circles.map((circle) => Number(circle.getAttribute('cy'))));
    expect(heights[0]!).toBeLessThan(heights[2]!);
    expect(heights[2]!).toBeLessThan(heights[1]!);
    expect(await page.locator('table.figures tr.total').count()).toBe(3);
  });

  it('lists the failed tasks with the raw output beside the expected call', async () => {
    const failed = report.outcomes.filter((outcome) => !outcome.correct);
    const rows = page.locator('tr.failed-task');
    expect(await rows.count()).toBe(failed.length);
    await page.selectOption('select[name=variant]', 'json');
    await expect.poll(() => rows.count()).toBe(failed.filter((outcome) => outcome.variant === 'json').length);
    const withCalls = failed.find((outcome) => outcome.variant === 'json' && outcome.expected.kind === 'calls')!;
    const row = page.locator(`tr.failed-task[data-task="${withCalls.taskId}"][data-variant="json"]`);
    expect(await row.locator('pre.raw').textContent()).toBe(withCalls.raw.join('\n—\n'));
    const expected = withCalls.expected as { calls: Array<{ name: string }> };
    expect(await row.locator('pre.expected').textContent()).toContain(`${expected.calls[0]!.name}(`);
  });

  it('answers 404 for an unknown eval', async () => {
    const token = url.searchParams.get('token')!;
    expect((await fetch(new URL(`/evals/nope?token=${token}`, url))).status).toBe(404);
    expect((await fetch(new URL(`/api/evals/nope?token=${token}`, url))).status).toBe(404);
  });
});
