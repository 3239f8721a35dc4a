/**
 * The HTTP app of `reins ui` without a browser (Hono's `app.request`), one suite run on both stores
 * (an SQLite file and a real Postgres): pages of 50 runs newest first, status and text filters,
 * 404s, the token, and a store that is never written.
 */
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SessionStoreError } from '../../src/errors/session-store-error.ts';
import { PostgresStore } from '../../src/sessions/postgres-store.ts';
import { SqliteStore } from '../../src/sessions/sqlite-store.ts';
import type { Store } from '../../src/sessions/store.ts';
import { TOKEN_COOKIE } from '../../src/ui/access-token.ts';
import type { RunListPage } from '../../src/ui/run-list.ts';
import { createUiApp, type UiApp } from '../../src/ui/ui-app.ts';
import { startPostgres, type PostgresServer } from '../helpers/postgres-server.ts';

const TOKEN = 'test-token-0123456789';

/** One engine under test: where its store lives, and a fingerprint of everything stored (any write changes it). */
interface Engine {
  name: string;
  open(): Promise<{ location: string; store: Store }>;
  contents(location: string): Promise<unknown>;
  /** The store as the viewer opens it (read-only), and how the engine refuses a write on it. */
  viewer(location: string): Store;
  /** A store that writes (the runs the viewer reads later). */
  writer(location: string): Store;
  readOnlyRefusal: RegExp;
  stop(): Promise<void>;
}

let folder: string;
const sqlite: Engine = {
  name: 'SQLite',
  open: async () => {
    folder = await mkdtemp(join(tmpdir(), 'reins-ui-'));
    const location = join(folder, 'sessions.db');
    return { location, store: new SqliteStore({ path: location }) };
  },
  // The database and its write-ahead log (where any write would land first).
  contents: async (location) => [location, `${location}-wal`].map((file) => (existsSync(file) ? readFileSync(file).toString('base64') : '')),
  viewer: (location) => new SqliteStore({ path: location, readOnly: true }),
  writer: (location) => new SqliteStore({ path: location }),
  readOnlyRefusal: /readonly database/,
  stop: () => rm(folder, { recursive: true, force: true }),
};

let server: PostgresServer;
const postgres: Engine = {
  name: 'Postgres',
  open: async () => {
    server = await startPostgres();
    return { location: server.url, store: new PostgresStore({ url: server.url }) };
  },
  contents: async (location) => {
    const client = new pg.Client({ connectionString: location });
    await client.connect();
    try {
      const tables = ['reins_runs', 'reins_records', 'reins_blobs', 'reins_schema'];
      return await Promise.all(tables.map(async (table) => (await client.query(`SELECT * FROM ${table} AS t ORDER BY t::text`)).rows));
    } finally {
      await client.end();
    }
  },
  // Read-only in Postgres itself: not even the schema is re-created.
  viewer: (location) => new PostgresStore({ url: location, readOnly: true }),
  writer: (location) => new PostgresStore({ url: location }),
  readOnlyRefusal: /read-only transaction/,
  stop: () => server.destroy(),
};

describe.each([sqlite, postgres])('reins ui app on $name', (engine) => {
  let location: string;
  let ui: UiApp;
  const ids: string[] = [];

  beforeAll(async () => {
    const opened = await engine.open();
    location = opened.location;
    const { store } = opened;
    for (let index = 0; index < 120; index += 1) {
      const id = await store.createRun({ question: index === 7 ? 'the 100% special_one' : `Question ${index}`, model: 'scripted:m', protocol: 'json' });
      // The newest run's provider reported a cache read; the one before it was estimated by reins.
      const usage = index === 119 ? { inputTokens: 10, outputTokens: 2, cacheReadTokens: 6 } : index === 118 ? { inputTokens: 10, outputTokens: 2, estimated: true as const } : { inputTokens: 10, outputTokens: 2 };
      await store.appendStep(id, { type: 'model-response', step: 1, text: 'x', toolCalls: [], usage, modelId: 'm' });
      await store.markStatus(id, index % 3 === 0 ? 'failed' : 'answered');
      ids.push(id);
    }
    await store.close();
    ui = createUiApp({ location, token: TOKEN });
  }, 60_000);
  afterAll(async () => {
    await ui?.close();
    await engine.stop();
  });

  const get = (url: string, token: string | null = TOKEN) => ui.app.request(url, token ? { headers: { cookie: `${TOKEN_COOKIE}=${token}` } } : {});
  const list = async (query: string) => (await (await get(`/api/runs${query}`)).json()) as RunListPage;

  it('pages the runs 50 at a time, newest first, with steps and tokens', async () => {
    const first = await list('');
    expect(first.total).toBe(120);
    expect(first.runs).toHaveLength(50);
    expect(first.runs[0]).toMatchObject({ id: ids[119], steps: 1, inputTokens: 10, outputTokens: 2, cacheReadTokens: 6, tokensEstimated: false, protocol: 'json', status: 'answered' });
    expect(first.runs[1]).toMatchObject({ id: ids[118], inputTokens: 10, tokensEstimated: true });
    expect(first.runs[1]).not.toHaveProperty('cacheReadTokens');
    expect(first.runs[2]).toMatchObject({ id: ids[117], tokensEstimated: false });
    expect(first.runs[2]).not.toHaveProperty('cacheReadTokens');
    const last = await list('?page=3');
    expect(last.runs.map((run) => run.id)).toEqual(ids.slice(0, 20).reverse());
  });

  it('filters by status and by text (case-insensitive; LIKE wildcards are literal)', async () => {
    expect((await list('?status=failed')).total).toBe(40);
    expect((await list(`?q=${encodeURIComponent('100%')}`)).runs.map((run) => run.id)).toEqual([ids[7]]);
    expect((await list(`?q=${encodeURIComponent('l_one')}`)).total).toBe(1);
    expect((await list(`?q=${encodeURIComponent('QUESTION 11')}`)).runs.map((run) => run.id)).toEqual([ids[119], ids[118], ids[117], ids[116], ids[115], ids[114], ids[113], ids[112], ids[111], ids[110], ids[11]]);
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
    const before = await engine.contents(location);
    for (const url of ['/', '/api/runs', `/runs/${ids[3]}`, `/api/runs/${ids[3]}`, '/api/runs?status=failed&q=x&page=2']) expect((await get(url)).status).toBe(200);
    expect(((await (await get(`/api/runs/${ids[3]}`)).json()) as { summary: { question: string } }).summary.question).toBe('Question 3');
    const events = await get(`/api/runs/${ids[3]}/events`);
    const reader = events.body!.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toMatch(/^event: change/);
    await reader.cancel();
    expect(await engine.contents(location)).toEqual(before);
  });

  it('reads the store on connections that refuse writes', async () => {
    const viewer = engine.viewer(location);
    await expect(viewer.createRun({ question: 'x' })).rejects.toThrow(engine.readOnlyRefusal);
    await viewer.close();
  });

  // Last: it adds runs. Runs stored as live whose owner is not another live process (here: this one) are interrupted.
  it('filters by the status shown (interrupted: stored as live, nobody continuing it), and opens a run by an id prefix', async () => {
    const writer = engine.writer(location);
    const left = [await writer.createRun({ question: 'left running', protocol: 'json' }), await writer.createRun({ question: 'left waiting', protocol: 'json' })];
    await writer.markStatus(left[1]!, 'waiting-user');
    await writer.close();
    const interrupted = await list('?status=interrupted');
    // Both were updated within a few milliseconds: timestamps are stored to the millisecond, and runs
    // updated in the same one tie (Postgres then orders them by id), so their order is not asserted here.
    const byId = (a: readonly unknown[], b: readonly unknown[]) => String(a[0]).localeCompare(String(b[0]));
    expect(interrupted.total).toBe(2);
    expect(interrupted.runs.map((run) => [run.id, run.status]).sort(byId)).toEqual([[left[1], 'interrupted'], [left[0], 'interrupted']].sort(byId));
    expect((await list('?status=running')).total).toBe(0);
    expect((await list('?status=failed')).total).toBe(40);
    const view = (await (await get(`/api/runs/${left[0]}`)).json()) as { status: string; summary: { status: string } };
    expect([view.status, view.summary.status]).toEqual(['interrupted', 'running']);

    const byPrefix = await get(`/runs/${left[0]!.slice(0, 8)}`);
    expect([byPrefix.status, byPrefix.headers.get('location')]).toEqual([302, `/runs/${left[0]}`]);
    expect((await get('/runs/ffffffff-none')).status).toBe(404);
  });
});

describe('reins ui app on a store it cannot read', () => {
  it('fails its start check with a store error naming the database without its password', async () => {
    const ui = createUiApp({ location: 'postgres://reins:hunter2@127.0.0.1:1/none', token: TOKEN });
    const failure = await ui.check().then(
      () => undefined,
      (error: unknown) => error,
    );
    await ui.close();
    expect(SessionStoreError.isInstance(failure)).toBe(true);
    expect(String((failure as Error).message)).toMatch(/^Sessions database postgres:\/\/reins:\*\*\*@127\.0\.0\.1:1\/none: read failed/);
    expect(String((failure as Error).message)).not.toContain('hunter2');
  });
});
