/**
 * `reins ui` shows what happened, in real headless Chromium over a store written by the real CLI:
 * a run killed (`kill -9`) during a tool call, the same kind of run resumed afterwards, a live run
 * whose model is still thinking; runs opened by an id prefix; a list that fits 1,280-1,400 px
 * windows; and a strict Content-Security-Policy under which the pages work and injected inline
 * script does not run.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgent } from '../../src/loop/create-agent.ts';
import { SqliteStore } from '../../src/sessions/sqlite-store.ts';
import { ScriptedModel } from '../../src/testing/scripted-model.ts';
import { EVERYTHING, FIXTURES, reins, startReins, tempWorkspace } from '../cli/cli-process.ts';
import { addTool, answer, turn } from '../loop/helpers.ts';
import { openUiViewer, type UiViewer } from './ui-viewer.ts';

let work: Awaited<ReturnType<typeof tempWorkspace>>;
let viewer: UiViewer | undefined;
let url: URL;
let page: Page;
let store: SqliteStore;
let killedRunId = '';
let leakyRunId = '';
let resumedRunId = '';
let live: { runId: string } | undefined;
/** The live run's id (the store gives it once the run is created). */
const liveRunId = () => live?.runId ?? '';
let releaseLive: () => void = () => {};
let liveRun: Promise<unknown> = Promise.resolve();
const violations: string[] = [];
/** A secret in the viewer's environment, in a run a library agent stored unmasked. */
const SECRET = 'sk-viewer-secret-0123456789';

/** A CLI run of the long operation on server-everything, killed with -9 while the tool runs; its run id. */
async function killedDuringToolCall(): Promise<string> {
  const config = await work.write('mcp.json', { mcpServers: { everything: { command: process.execPath, args: [EVERYTHING, 'stdio'] } } });
  const model = `replay:${join(FIXTURES, 'long-operation.json')}`;
  const run = startReins(['run', 'run the long operation', '--config', config, '--model', model, '--store', work.store, '--json'], { cwd: work.dir });
  const toolCall = JSON.parse(await run.line((line) => line.includes('"type":"tool-call"'))) as { runId: string };
  run.killHard();
  expect((await run.finished).signal).toBe('SIGKILL');
  return toolCall.runId;
}

beforeAll(async () => {
  work = await tempWorkspace();
  expect((await reins(['demo', '--protocol', 'envelope', '--store', work.store], { cwd: work.dir })).code).toBe(0);
  killedRunId = await killedDuringToolCall();
  resumedRunId = await killedDuringToolCall();
  const resumed = await reins(['resume', resumedRunId, '--store', work.store], { cwd: work.dir });
  expect(resumed.code, resumed.stderr).toBe(0);

  store = new SqliteStore({ path: work.store });
  // What makes a list wide: a long model string and a question of long unbroken words.
  const wide = createAgent({ model: new ScriptedModel([turn('json', [answer('ok')])]), protocol: 'json', store });
  const longModel = 'openai-compatible:Qwen/Qwen2.5-Coder-32B-Instruct-GPTQ-Int4@http://inference-gateway.internal.example.com:8000/v1';
  const longQuestion = `Summarise https://example.com/${'very-long-path-segment-'.repeat(12)}index.html for me`;
  expect((await wide.run(longQuestion, { meta: { model: longModel } }).result).status).toBe('answered');
  const leaky = createAgent({ model: new ScriptedModel([turn('json', [answer(`the key is ${SECRET}`)])]), protocol: 'json', store });
  leakyRunId = (await leaky.run(`What is my key? ${SECRET}`).result).runId;

  // A live run of this process whose model has not answered yet.
  const gate = new Promise<void>((resolve) => (releaseLive = resolve));
  const model = new ScriptedModel([
    async () => {
      await gate;
      return turn('json', [answer('done')]) as string;
    },
  ]);
  const run = createAgent({ model, tools: [addTool], protocol: 'json', store }).run('A run whose model is still thinking');
  live = run;
  liveRun = run.result;

  viewer = await openUiViewer(work.store, work.dir, { VIEWER_API_KEY: SECRET });
  ({ url, page } = viewer);
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} ${event.blockedURI}`));
  });
  // The token is exchanged for a cookie on the first page.
  await page.goto(url.href);
});

afterAll(async () => {
  releaseLive();
  await liveRun.catch(() => undefined);
  await viewer?.close();
  await store?.close();
  await work?.remove();
});

const at = (path: string) => new URL(path, url.origin).href;
const api = async (path: string) => (await page.request.get(at(path))).json();

async function collectViolations(): Promise<void> {
  violations.push(...(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)));
}

/** The waterfall total the page shows, and the span of the run's records. */
async function waterfallTotals(runId: string): Promise<[number, number]> {
  const shown = Number((await page.locator('.waterfall .total').textContent())?.replace(/\D/g, ''));
  const { records } = (await api(`/api/runs/${runId}`)) as { records: { at: string }[] };
  return [shown, Date.parse(records.at(-1)!.at) - Date.parse(records[0]!.at)];
}

describe('reins ui shows what happened', () => {
  it('lists the killed run as interrupted, and the status filter finds it (and only it) in the page and the API', async () => {
    await page.goto(url.origin);
    const row = page.locator(`tr.run-row[data-id="${killedRunId}"]`);
    await row.waitFor();
    expect(await row.locator('.status').textContent()).toBe('interrupted');
    await page.selectOption('select[name=status]', 'interrupted');
    await expect.poll(() => page.locator('tr.run-row').evaluateAll((rows) => rows.map((node) => node.getAttribute('data-id')))).toEqual([killedRunId]);
    expect(page.url()).toContain('status=interrupted');
    const listed = (await api('/api/runs?status=interrupted')) as { runs: { id: string }[]; total: number };
    expect([listed.total, listed.runs.map((run) => run.id)]).toEqual([1, [killedRunId]]);
    const running = (await api('/api/runs?status=running')) as { runs: { id: string }[] };
    expect(running.runs.map((run) => run.id)).toEqual([liveRunId()]);
    await collectViolations();
  });

  it('shows the killed run as interrupted on its page: the cut call is interrupted, not running, and the waterfall ends with the records', async () => {
    await page.goto(at(`/runs/${killedRunId}`));
    await page.locator('.tool-call').waitFor();
    expect(await page.locator('.run-head .status').textContent()).toBe('interrupted');
    expect(await page.locator('.tool-call .badge').allTextContents()).toEqual(['interrupted']);
    expect(await page.locator('.badge.running').count()).toBe(0);
    expect(await page.locator('.waterfall .bar-row.interrupted').count()).toBe(1);
    const [shown, span] = await waterfallTotals(killedRunId);
    expect(shown).toBe(span);
    await collectViolations();
  });

  it('marks the resume of a resumed run, and its cut call as interrupted', async () => {
    await page.goto(at(`/runs/${resumedRunId}`));
    await page.locator('.note.resume').waitFor();
    expect(await page.locator('.run-head .status').textContent()).toBe('answered');
    expect(await page.locator('.note.resume').textContent()).toMatch(/Run resumed.*1 call cut short, reported to the model as interrupted/);
    expect(await page.locator('.tool-call .badge').allTextContents()).toEqual(['interrupted']);
    expect(await page.locator('.waterfall .bar-row.resume .bar-label').textContent()).toBe('resumed (1 interrupted)');
    const [shown, span] = await waterfallTotals(resumedRunId);
    expect(shown).toBe(span);
    await collectViolations();
  });

  it('shows a live run whose model is thinking, not an empty body', async () => {
    await page.goto(at(`/runs/${liveRunId()}`));
    await page.locator('section.step[data-step="1"] .note.thinking').waitFor();
    expect(await page.locator('.run-head .status').textContent()).toBe('running');
    expect(await page.locator('.waterfall .bar-row.running').count()).toBe(1);
    await collectViolations();
  });

  it('opens a run by a prefix of its id, as the CLI takes it, and says when a prefix matches nothing', async () => {
    const response = await page.goto(at(`/runs/${resumedRunId.slice(0, 8)}`));
    expect(response?.status()).toBe(200);
    expect(page.url()).toBe(at(`/runs/${resumedRunId}`));
    await page.locator('.note.resume').waitFor();
    const missing = await page.goto(at('/runs/zzzzzzzz'));
    expect(missing?.status()).toBe(404);
    expect(await page.locator('main p').first().textContent()).toBe('No stored run with id "zzzzzzzz".');
  });

  it('masks the secrets of its environment in what it serves, as `reins show` does', async () => {
    expect(JSON.stringify(await api('/api/runs'))).not.toContain(SECRET);
    expect(JSON.stringify(await api(`/api/runs/${leakyRunId}`))).not.toContain(SECRET);
    await page.goto(at(`/runs/${leakyRunId}`));
    await page.locator('.note.answer').waitFor();
    expect(await page.locator('h1').textContent()).toBe('What is my key? [redacted]');
    expect(await page.locator('.note.answer pre').textContent()).toBe('the key is [redacted]');
    expect(await page.content()).not.toContain(SECRET);
  });

  it.each([1280, 1340, 1400])('fits the run list in a %i px window', async (width) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(url.origin);
    await page.locator('tr.run-row').nth(3).waitFor();
    const [scroll, client] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
    expect(scroll).toBeLessThanOrEqual(client);
    await collectViolations();
  });
});

describe('Content-Security-Policy', () => {
  it('is sent with every page: no inline script but the import map, nothing from another origin', async () => {
    for (const path of ['/', `/runs/${killedRunId}`, '/web/run-page.js']) {
      const policy = (await page.request.get(at(path))).headers()['content-security-policy'] ?? '';
      expect(policy).toMatch(/default-src 'none'/);
      expect(policy).toMatch(/script-src 'self' 'sha256-[\w+/=]+'(;|$)/);
      expect(policy).not.toMatch(/unsafe-inline|unsafe-eval|https?:|\*/);
    }
  });

  it('lets every page work with no violation, and blocks an injected inline script (reported)', async () => {
    expect(violations).toEqual([]);
    await page.goto(at(`/runs/${resumedRunId}`));
    await page.locator('.note.resume').waitFor();
    const outcome = await page.evaluate(async () => {
      const reported = new Promise<string>((resolve) => document.addEventListener('securitypolicyviolation', (event) => resolve(event.violatedDirective), { once: true }));
      const script = document.createElement('script');
      script.textContent = 'window.injectedRan = true;';
      document.body.append(script);
      const handler = document.createElement('img');
      handler.setAttribute('onerror', 'window.injectedHandlerRan = true');
      handler.src = 'data:,broken';
      document.body.append(handler);
      const directive = await reported;
      await new Promise((resolve) => handler.addEventListener('error', resolve, { once: true }));
      const flags = window as unknown as { injectedRan?: boolean; injectedHandlerRan?: boolean };
      return { directive, ran: flags.injectedRan ?? false, handlerRan: flags.injectedHandlerRan ?? false };
    });
    expect(outcome).toEqual({ directive: expect.stringMatching(/^script-src/), ran: false, handlerRan: false });
  });
});
