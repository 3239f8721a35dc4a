/**
 * `reins ui` in real headless Chromium (from npm, driven by playwright-core: test/helpers/launch-chromium.ts): one
 * browser and one `reins ui` process for the file, over a store holding the demo's five protocol
 * runs, a run with a correction and a repaired output, a run that goes on while its page is open,
 * and a run with a corrupt record.
 */
import { DatabaseSync } from 'node:sqlite';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgent } from '../../src/loop/create-agent.ts';
import { launchChromium } from '../helpers/launch-chromium.ts';
import { SqliteStore } from '../../src/sessions/sqlite-store.ts';
import { ScriptedModel } from '../../src/testing/scripted-model.ts';
import { reins, startReins, tempWorkspace, type ReinsProcess } from '../cli/cli-process.ts';
import { addTool, answer, call, turn } from '../loop/helpers.ts';

const PROTOCOLS = ['line', 'json', 'envelope', 'xml', 'native'];

let work: Awaited<ReturnType<typeof tempWorkspace>>;
let ui: ReinsProcess;
let url: URL;
let browser: Browser;
let page: Page;
let store: SqliteStore;
let repairedRunId = '';
let corruptRunId = '';
let releaseLive: () => void = () => {};
let liveRun: Promise<unknown> = Promise.resolve();
let liveRunId = '';

beforeAll(async () => {
  work = await tempWorkspace();
  const demos = await Promise.all(PROTOCOLS.map((protocol) => reins(['demo', '--protocol', protocol, '--store', work.store], { cwd: work.dir })));
  expect(demos.map((demo) => demo.code)).toEqual([0, 0, 0, 0, 0]);

  store = new SqliteStore({ path: work.store });
  // A correction, then a reply with trailing commas that reins repairs.
  const repairing = new ScriptedModel([
    'Let me add them.',
    '{"action": "call_tool", "tool": "add", "args": {"a": 2, "b": 3,}, "reason": "sum",}',
    // The model writes on after its answer: the stream is stopped there, before usage came.
    `${turn('json', [answer('5')])}\nHope that helps!`,
  ]);
  const repaired = await createAgent({ model: repairing, tools: [addTool], protocol: 'json', store }).run('What is 2 + 3 (repaired)?').result;
  expect(repaired.status).toBe('answered');
  repairedRunId = repaired.runId;

  const broken = await createAgent({ model: new ScriptedModel([turn('json', [answer('fine')])]), protocol: 'json', store }).run('A run whose record is corrupt').result;
  corruptRunId = broken.runId;
  const db = new DatabaseSync(work.store);
  db.prepare("UPDATE records SET body = '{not json' WHERE run_id = ? AND seq = 1").run(corruptRunId);
  db.close();

  ui = startReins(['ui', '--store', work.store, '--no-open'], { cwd: work.dir });
  url = new URL((await ui.line((line) => line.startsWith('reins ui: '))).slice('reins ui: '.length));
  browser = await launchChromium();
  page = await browser.newPage();
});

afterAll(async () => {
  releaseLive();
  await liveRun.catch(() => undefined);
  await browser?.close();
  ui?.killHard();
  await ui?.finished.catch(() => undefined);
  await store?.close();
  await work?.remove();
});

const runPage = (id: string) => new URL(`/runs/${id}`, url).href;

describe('reins ui', () => {
  it('refuses a request without the token', async () => {
    const bare = new URL('/', url).href;
    expect(url.hostname).toBe('127.0.0.1');
    expect(url.searchParams.get('token')).toMatch(/^[\w-]{40,}$/);
    const pageRefused = await fetch(bare);
    expect(pageRefused.status).toBe(401);
    expect((await fetch(new URL('/api/runs', url))).status).toBe(401);
    expect((await fetch(new URL(`/api/runs?token=wrong${url.searchParams.get('token')}`, url))).status).toBe(401);
    expect(await pageRefused.text()).not.toContain('suggest something');
  });

  it('lists the demo runs of all five protocols, newest first, and filters them', async () => {
    await page.goto(url.href);
    await page.locator('tr.run-row').first().waitFor();
    const rows = page.locator('tr.run-row');
    const protocols = await rows.locator('td:nth-child(4)').allTextContents();
    expect(protocols.filter((protocol) => PROTOCOLS.includes(protocol)).sort()).toEqual([...PROTOCOLS, 'json', 'json'].sort());
    expect(await rows.filter({ hasText: 'suggest something for dinner' }).count()).toBe(5);
    // Recorded replays report no usage: "not reported" (as the CLI says, never a bare 0), or reins'
    // count, marked as such, where a text protocol's stream stopped at the decision.
    const demoTokens = await rows.filter({ hasText: 'suggest something for dinner' }).locator('td:nth-child(6)').allTextContents();
    for (const text of demoTokens) expect(text).toMatch(/^(estimated \d+ in \/ \d+ out|tokens not reported)$/);
    expect(demoTokens).toContain('tokens not reported');
    expect(await rows.first().textContent()).toContain('corrupt');
    expect(page.url()).not.toContain('token=');

    await page.fill('input[name=q]', 'dinner');
    await expect.poll(() => rows.count()).toBe(5);
    await page.selectOption('select[name=status]', 'failed');
    await expect.poll(() => rows.count()).toBe(0);
  });

  it('shows a run with its correction and the repaired parts of the raw output beside the decision', async () => {
    await page.goto(runPage(repairedRunId));
    const step = page.locator('section.step[data-step="1"]');
    await step.waitFor();
    await expect.poll(() => step.locator('.invalid').textContent()).toMatch(/Correction sent/);
    expect(await step.locator('.correction').textContent()).toMatch(/\S/);
    const turn = step.locator('.turn').nth(1);
    expect(await turn.locator('mark.repair-removed').allTextContents()).toEqual([',', ',']);
    expect(await turn.locator('.accepted').textContent()).toContain('"tool": "add"');
    expect(await page.locator('.tool-call').first().textContent()).toContain('add');
    expect(await page.locator('.waterfall .bar-row').count()).toBeGreaterThanOrEqual(3);
    // Its last stream stopped at the text after the decision, before usage came: reins' count, marked as such.
    expect(await page.locator('.run-head .tokens').textContent()).toMatch(/^estimated \d+ in \/ \d+ out$/);
  });

  it('adds a step to an open run page as the run goes on (server-sent events)', async () => {
    let open: () => void = () => {};
    const gate = new Promise<void>((resolve) => (open = resolve));
    releaseLive = open;
    const model = new ScriptedModel([
      turn('json', [call('add', { a: 1, b: 1 })]),
      async () => {
        await gate;
        return turn('json', [call('add', { a: 2, b: 2 })]) as string;
      },
      turn('json', [answer('4')]),
    ]);
    const run = createAgent({ model, tools: [addTool], protocol: 'json', store }).run('A live run');
    liveRun = run.result;
    const db = new DatabaseSync(work.store, { readOnly: true });
    await expect.poll(() => (db.prepare("SELECT count(*) AS n FROM records WHERE run_id = ? AND type = 'tool-call-end'").get(run.runId) as { n: number }).n).toBe(1);
    db.close();
    liveRunId = run.runId;

    await page.goto(runPage(liveRunId));
    await page.locator('section.step[data-step="1"] .tool-call').waitFor();
    expect(await page.locator('section.step[data-step="2"] .accepted').count()).toBe(0);
    open();
    await page.locator('section.step[data-step="2"] .tool-call').waitFor();
    await page.locator('section.step[data-step="3"] .note.answer').waitFor();
    // The status arrives with the run's end, which may come a moment after the answer's step.
    await expect.poll(() => page.locator('.run-head .status').textContent()).toBe('answered');
  });

  it('answers 404 for an unknown run and shows a corrupt run as an error panel of its own', async () => {
    const missing = await page.goto(runPage('00000000-0000-0000-0000-000000000000'));
    expect(missing?.status()).toBe(404);
    expect(await page.locator('h1').textContent()).toBe('404');

    await page.goto(runPage(corruptRunId));
    await page.locator('.error-panel').waitFor();
    expect(await page.locator('.error-panel').textContent()).toContain('Reins_SessionStoreError');
    await page.goto(url.origin);
    await page.locator('tr.run-row').first().waitFor();
    expect(await page.locator('tr.run-row').count()).toBe(8);
  });
});
