import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { SessionStoreError } from '../../src/errors/session-store-error.ts';
import { defaultSessionsPath, SqliteStore } from '../../src/sessions/sqlite-store.ts';
import { runStoreContract } from './store-contract.ts';

const folder = mkdtempSync(join(tmpdir(), 'reins-sessions-'));
let counter = 0;
const freshPath = () => join(folder, `sessions-${++counter}.db`);
afterAll(() => rmSync(folder, { recursive: true, force: true }));

runStoreContract('SqliteStore (file)', { newStore: () => new SqliteStore({ path: freshPath() }) });
runStoreContract('SqliteStore (:memory:)', { newStore: () => new SqliteStore({ path: ':memory:' }) });

describe('SqliteStore', () => {
  it('has committed a record when appendStep resolves: another connection reads it at once', async () => {
    const path = freshPath();
    const store = new SqliteStore({ path });
    const reader = new DatabaseSync(path, { readOnly: true });
    try {
      const id = await store.createRun({ question: 'q' });
      await store.appendStep(id, { type: 'user-reply', step: 1, reply: 'durable' });
      const row = reader.prepare('SELECT seq, type, body FROM records WHERE run_id = ?').get(id) as { seq: number; body: string };
      expect(row.seq).toBe(1);
      expect(JSON.parse(row.body)).toMatchObject({ type: 'user-reply', reply: 'durable' });
      expect(reader.prepare('PRAGMA journal_mode').get()).toEqual({ journal_mode: 'wal' });
    } finally {
      reader.close();
      await store.close();
    }
  });

  it('keeps runs across reopening the file', async () => {
    const path = freshPath();
    const first = new SqliteStore({ path });
    const id = await first.createRun({ question: 'persist me' });
    await first.appendStep(id, { type: 'answer', step: 1, answer: 'kept' });
    await first.markStatus(id, 'answered');
    await first.close();
    const second = new SqliteStore({ path });
    try {
      const run = await second.loadRun(id);
      expect(run.summary).toMatchObject({ question: 'persist me', status: 'answered', recordCount: 1 });
      expect(run.records[0]).toMatchObject({ type: 'answer', answer: 'kept', seq: 1 });
    } finally {
      await second.close();
    }
  });

  it('never writes MCP env secrets, credential headers or API keys to the database file', async () => {
    const path = freshPath();
    const store = new SqliteStore({ path });
    const secrets = ['ghp_topsecret_env_value', 'sk-live-0123456789abcdef', 'hdr-secret-abc123', 'pw-hunter2-xyz'];
    const id = await store.createRun({
      question: 'list my repos',
      config: {
        mcpServers: {
          github: { command: 'npx', args: ['gh-mcp'], env: { GITHUB_PERSONAL_ACCESS_TOKEN: secrets[0] } },
          remote: { url: 'https://mcp.example/mcp', headers: { Authorization: `Bearer ${secrets[1]}`, 'X-API-Key': secrets[2] } },
        },
        database: { password: secrets[3] },
      },
    });
    await store.appendStep(id, {
      type: 'model-request',
      step: 1,
      attempt: 1,
      system: `key in prompt: ${secrets[1]}`,
      messages: [{ role: 'user', content: `here: Bearer ${secrets[2]}` }],
    });
    await store.close();
    const files = readdirSync(folder).filter((name) => name.startsWith(path.split('/').at(-1)!));
    const bytes = Buffer.concat(files.map((name) => readFileSync(join(folder, name)))).toString('latin1');
    expect(bytes).toContain('list my repos');
    expect(bytes).toContain('GITHUB_PERSONAL_ACCESS_TOKEN');
    for (const secret of secrets) expect(bytes).not.toContain(secret);
  });

  it('lets two processes append to different runs of one database at the same time', async () => {
    const path = freshPath();
    const store = new SqliteStore({ path });
    const runs = [await store.createRun({ question: 'one' }), await store.createRun({ question: 'two' })];
    const worker = join(import.meta.dirname, 'fixtures', 'append-worker.ts');
    const count = 40;
    await Promise.all(runs.map((runId) => promisify(execFile)(process.execPath, [worker, path, runId, String(count)])));
    for (const runId of runs) {
      const run = await store.loadRun(runId);
      expect(run.records.map((record) => record.seq)).toEqual(Array.from({ length: count }, (_, index) => index + 1));
      expect(run.summary.recordCount).toBe(count);
    }
    await store.close();
  });

  it('fails to open an unusable path with a SessionStoreError naming it', () => {
    const file = join(folder, 'not-a-folder');
    writeFileSync(file, 'x');
    const path = join(file, 'sessions.db');
    expect(() => new SqliteStore({ path })).toThrow(expect.objectContaining({ name: SessionStoreError.errorName, path, operation: 'open' }));
  });

  it('defaults to REINS_SESSIONS_DB, else sessions.db in the reins data folder', () => {
    const saved = process.env.REINS_SESSIONS_DB;
    try {
      process.env.REINS_SESSIONS_DB = '/tmp/elsewhere.db';
      expect(defaultSessionsPath()).toBe('/tmp/elsewhere.db');
      delete process.env.REINS_SESSIONS_DB;
      expect(defaultSessionsPath()).toMatch(/reins[\\/]sessions\.db$/);
    } finally {
      if (saved === undefined) delete process.env.REINS_SESSIONS_DB;
      else process.env.REINS_SESSIONS_DB = saved;
    }
  });
});
