/**
 * The HTTP app of `reins ui` without a browser (Hono's `app.request`): pages of 50 runs newest
 * first, status and text filters, 404s, the token, and a store that is never written.
 */
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SqliteStore } from '../../src/sessions/sqlite-store.ts';
import { TOKEN_COOKIE } from '../../src/ui/access-token.ts';
import type { RunListPage } from '../../src/ui/run-list-query.ts';
import { createUiApp, type UiApp } from '../../src/ui/ui-app.ts';

const TOKEN = 'test-token-0123456789';
let folder: string;
let path: string;
let ui: UiApp;
const ids: string[] = [];

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'reins-ui-'));
  path = join(folder, 'sessions.db');
  const store = new SqliteStore({ path });
  for (let index = 0; index < 120; index += 1) {
    const id = await store.createRun({ question: index === 7 ? 'the 100% special_one' : `question ${index}`, model: 'scripted:m', protocol: 'json' });
    await store.appendStep(id, { type: 'model-response', step: 1, text: 'x', toolCalls: [], usage: { inputTokens: 10, outputTokens: 2 }, modelId: 'm' });
    await store.markStatus(id, index % 3 === 0 ? 'failed' : 'answered');
    ids.push(id);
  }
  await store.close();
  ui = createUiApp({ path, token: TOKEN });
});
afterAll(async () => {
  ui?.close();
  await rm(folder, { recursive: true, force: true });
});

const get = (url: string, token: string | null = TOKEN) => ui.app.request(url, token ? { headers: { cookie: `${TOKEN_COOKIE}=${token}` } } : {});
const list = async (query: string) => (await (await get(`/api/runs${query}`)).json()) as RunListPage;

describe('reins ui app', () => {
  it('pages the runs 50 at a time, newest first, with steps and tokens', async () => {
    const first = await list('');
    expect(first.total).toBe(120);
    expect(first.runs).toHaveLength(50);
    expect(first.runs[0]).toMatchObject({ id: ids[119], steps: 1, inputTokens: 10, outputTokens: 2, protocol: 'json', status: 'answered' });
    const last = await list('?page=3');
    expect(last.runs.map((run) => run.id)).toEqual(ids.slice(0, 20).reverse());
  });

  it('filters by status and by text (LIKE wildcards are literal)', async () => {
    expect((await list('?status=failed')).total).toBe(40);
    expect((await list(`?q=${encodeURIComponent('100%')}`)).runs.map((run) => run.id)).toEqual([ids[7]]);
    expect((await list(`?q=${encodeURIComponent('l_one')}`)).total).toBe(1);
    expect((await list(`?q=${ids[42]!.slice(0, 13)}`)).runs.map((run) => run.id)).toEqual([ids[42]]);
  });

  it('refuses requests without the right token and sets the cookie from the URL token', async () => {
    expect((await get('/api/runs', null)).status).toBe(401);
    expect((await get('/api/runs', 'wrong')).status).toBe(401);
    const first = await ui.app.request(`/?token=${TOKEN}`);
    expect(first.status).toBe(200);
    expect(first.headers.get('set-cookie')).toMatch(new RegExp(`^${TOKEN_COOKIE}=${TOKEN};.*HttpOnly.*SameSite=Strict`, 'i'));
  });

  it('answers 404 for an unknown run, page or file', async () => {
    expect((await get('/runs/nope')).status).toBe(404);
    expect((await get('/api/runs/nope')).status).toBe(404);
    expect((await get('/web/..%2Fpackage.json')).status).toBe(404);
    expect((await get('/vendor/preact.js')).headers.get('content-type')).toMatch(/javascript/);
  });

  it('never writes to the store', async () => {
    // The database and its write-ahead log (where any write would land first).
    const contents = () => [path, `${path}-wal`].map((file) => (existsSync(file) ? readFileSync(file).toString('base64') : ''));
    const before = contents();
    for (const url of ['/', '/api/runs', `/runs/${ids[3]}`, `/api/runs/${ids[3]}`, '/api/runs?status=failed&q=x&page=2']) expect((await get(url)).status).toBe(200);
    const events = await get(`/api/runs/${ids[3]}/events`);
    const reader = events.body!.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toMatch(/^event: change/);
    await reader.cancel();
    expect(contents()).toEqual(before);
  });
});
