import { execFile } from 'node:child_process';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SessionInUseError } from '../../src/errors/session-in-use-error.ts';
import { SessionStoreError } from '../../src/errors/session-store-error.ts';
import { PostgresStore } from '../../src/sessions/postgres-store.ts';
import { PostgresRunList } from '../../src/ui/postgres-run-list.ts';
import { startPostgres, type PostgresServer } from '../helpers/postgres-server.ts';
import { runStoreContract } from './store-contract.ts';

let server: PostgresServer;
let url: string;
beforeAll(async () => {
  server = await startPostgres();
  url = await server.createDatabase('reins_test');
}, 60_000);
afterAll(async () => {
  await server?.destroy();
});

/** A store on the test database, emptied first (one store at a time uses it). */
async function freshStore(): Promise<PostgresStore> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query('DROP TABLE IF EXISTS reins_records, reins_blobs, reins_runs, reins_schema');
  await client.end();
  return new PostgresStore({ url });
}

runStoreContract('PostgresStore', { newStore: freshStore });

const ROOT = resolve(import.meta.dirname, '..', '..');

describe('PostgresStore', () => {
  it('loads the pg driver only when a PostgresStore first talks to its database', async () => {
    const script = `
      import { createRequire } from 'node:module';
      const { SqliteStore, PostgresStore } = await import(${JSON.stringify(join(ROOT, 'src', 'sessions', 'index.ts'))});
      const loaded = () => Object.keys(createRequire(import.meta.url).cache).some((path) => /node_modules[\\/]pg[\\/]/.test(path));
      const sqlite = new SqliteStore({ path: ':memory:' });
      await sqlite.createRun({ question: 'q' });
      const before = loaded();
      const postgres = new PostgresStore({ url: ${JSON.stringify(url)} });
      await postgres.listRuns();
      await postgres.close();
      console.log(JSON.stringify({ before, after: loaded() }));`;
    const { stdout } = await promisify(execFile)(join(ROOT, 'node_modules', '.bin', 'node'), ['--input-type=module', '-e', script], { cwd: ROOT });
    expect(JSON.parse(stdout)).toEqual({ before: false, after: true });
  });

  it('has committed a record when appendStep resolves: another store on the same database reads it at once', async () => {
    const writer = await freshStore();
    const reader = new PostgresStore({ url: url });
    try {
      const id = await writer.createRun({ question: 'q' });
      await writer.appendStep(id, { type: 'user-reply', step: 1, reply: 'durable' });
      expect((await reader.loadRun(id)).records).toMatchObject([{ seq: 1, type: 'user-reply', reply: 'durable' }]);
    } finally {
      await Promise.all([writer.close(), reader.close()]);
    }
  });

  it('numbers concurrent appends from two stores without a gap or a duplicate', async () => {
    const first = await freshStore();
    const second = new PostgresStore({ url: url });
    try {
      const id = await first.createRun({ question: 'q' });
      const appends = Array.from({ length: 20 }, (_, index) =>
        (index % 2 ? first : second).appendStep(id, { type: 'user-reply', step: 1, reply: `r${index}` }),
      );
      const seqs = (await Promise.all(appends)).map((record) => record.seq).sort((a, b) => a - b);
      expect(seqs).toEqual(Array.from({ length: 20 }, (_, index) => index + 1));
      expect((await first.loadRun(id)).summary.recordCount).toBe(20);
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });

  it('pages runs updated at the same instant by id, without a gap or a duplicate, in listRuns order', async () => {
    const store = await freshStore();
    const list = new PostgresRunList(url);
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: url });
    try {
      const ids = new Set<string>();
      for (let index = 0; index < 120; index++) ids.add(await store.createRun({ question: `q${index}` }));
      await client.connect();
      await client.query("UPDATE reins_runs SET created_at = '2026-01-01T00:00:00.000Z', updated_at = '2026-01-01T00:00:00.000Z'");
      const pages = [];
      for (const page of [1, 2, 3]) pages.push(...(await list.page({ page })).runs.map((run) => run.id));
      expect(pages).toHaveLength(120);
      expect(new Set(pages)).toEqual(ids);
      // Ties are broken by id, so every page query (each its own sort) agrees on one order.
      expect(pages).toEqual([...ids].sort().reverse());
      expect((await store.listRuns({ limit: 120 })).map((run) => run.id)).toEqual(pages);
    } finally {
      await client.end();
      await Promise.all([store.close(), list.close()]);
    }
  });

  it('keeps a large string once and gives it back whole', async () => {
    const store = await freshStore();
    try {
      const id = await store.createRun({ question: 'q' });
      const big = 'x'.repeat(10_000);
      await store.appendStep(id, { type: 'user-reply', step: 1, reply: big });
      await store.appendStep(id, { type: 'user-reply', step: 2, reply: big });
      const run = await store.loadRun(id);
      expect(run.records.map((record) => (record as { reply: string }).reply)).toEqual([big, big]);
    } finally {
      await store.close();
    }
  });

  it('refuses writes to a run that another live process owns, unless forced', async () => {
    const store = await freshStore();
    try {
      const id = await store.createRun({ question: 'q' });
      const { default: pg } = await import('pg');
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query('UPDATE reins_runs SET owner_pid = 1, owner_host = $1, heartbeat_at = $2 WHERE id = $3', ['other-host', new Date().toISOString(), id]);
      await client.end();
      await expect(store.appendStep(id, { type: 'user-reply', step: 1, reply: 'x' })).rejects.toSatisfy(SessionInUseError.isInstance);
      await store.claimRun(id, { force: true });
      expect((await store.appendStep(id, { type: 'user-reply', step: 1, reply: 'x' })).seq).toBe(1);
    } finally {
      await store.close();
    }
  });

  it('reports an unreachable database as a SessionStoreError naming the URL without its password', async () => {
    const store = new PostgresStore({ url: 'postgres://reins:hunter2@127.0.0.1:1/none' });
    const error = await store.listRuns().catch((caught: unknown) => caught);
    expect(SessionStoreError.isInstance(error)).toBe(true);
    expect((error as SessionStoreError).path).toBe('postgres://reins:***@127.0.0.1:1/none');
    expect(JSON.stringify((error as Error).message)).not.toContain('hunter2');
  });

  it('reconnects after Postgres restarts', async () => {
    const store = await freshStore();
    try {
      const id = await store.createRun({ question: 'q' });
      await server.stop();
      await expect(store.appendStep(id, { type: 'user-reply', step: 1, reply: 'lost' })).rejects.toSatisfy(SessionStoreError.isInstance);
      await server.start();
      expect((await store.appendStep(id, { type: 'user-reply', step: 1, reply: 'kept' })).seq).toBe(1);
      expect((await store.loadRun(id)).records).toMatchObject([{ reply: 'kept' }]);
    } finally {
      await store.close();
    }
  });
});
