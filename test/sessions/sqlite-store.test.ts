import { execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { SessionInUseError } from '../../src/errors/session-in-use-error.ts';
import { SessionStoreError } from '../../src/errors/session-store-error.ts';
import { SessionStoreMissingError } from '../../src/errors/session-store-missing-error.ts';
import type { RunOwner } from '../../src/sessions/owner-liveness.ts';
import { defaultSessionsPath, SqliteStore } from '../../src/sessions/sqlite-store.ts';
import { runStoreContract } from './store-contract.ts';

const folder = mkdtempSync(join(tmpdir(), 'reins-sessions-'));
let counter = 0;
const freshPath = () => join(folder, `sessions-${++counter}.db`);
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** Makes another process the owner of a run, as that process's store would have written it. */
function setOwner(path: string, id: string, owner: RunOwner): void {
  const db = new DatabaseSync(path);
  db.prepare('UPDATE runs SET owner_pid = ?, owner_host = ?, heartbeat_at = ? WHERE id = ?').run(owner.pid, owner.host, owner.heartbeatAt, id);
  db.close();
}

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
    // Read while the store is open: the records are still in the -wal file (closing checkpoints it).
    const wal = readFileSync(`${path}-wal`).toString('latin1');
    expect(wal).toContain('list my repos');
    for (const secret of secrets) expect(wal).not.toContain(secret);
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

  it('refuses writes to a run another live process owns, until it dies or the run is forced', async () => {
    const path = freshPath();
    const store = new SqliteStore({ path });
    const other = spawn('sleep', ['60'], { stdio: 'ignore' });
    try {
      const id = await store.createRun({ question: 'owned elsewhere' });
      setOwner(path, id, { pid: other.pid!, host: hostname(), heartbeatAt: new Date().toISOString() });
      const inUse = (error: unknown) => SessionInUseError.isInstance(error) && error.runId === id && error.owner.pid === other.pid;
      await expect(store.appendStep(id, { type: 'user-reply', step: 1, reply: 'x' })).rejects.toSatisfy(inUse);
      await expect(store.markStatus(id, 'running')).rejects.toSatisfy(inUse);
      await expect(store.claimRun(id)).rejects.toSatisfy(inUse);
      expect((await store.loadRun(id)).records).toEqual([]);
      await store.claimRun(id, { force: true });
      expect((await store.loadRun(id)).summary.owner?.pid).toBe(process.pid);

      setOwner(path, id, { pid: other.pid!, host: hostname(), heartbeatAt: new Date().toISOString() });
      other.kill('SIGKILL');
      await new Promise((resolve) => other.once('exit', resolve));
      await store.appendStep(id, { type: 'user-reply', step: 1, reply: 'taken over from a dead owner' });
      expect((await store.loadRun(id)).summary.owner?.pid).toBe(process.pid);
    } finally {
      other.kill('SIGKILL');
      await store.close();
    }
  });

  it('judges an owner on another host by its heartbeat: fresh is alive, older than ownerTimeoutMs is dead', async () => {
    const path = freshPath();
    const store = new SqliteStore({ path, ownerTimeoutMs: 60_000 });
    try {
      const id = await store.createRun({ question: 'q' });
      setOwner(path, id, { pid: 1, host: 'elsewhere', heartbeatAt: new Date(Date.now() - 5_000).toISOString() });
      await expect(store.claimRun(id)).rejects.toSatisfy(SessionInUseError.isInstance);
      setOwner(path, id, { pid: 1, host: 'elsewhere', heartbeatAt: new Date(Date.now() - 61_000).toISOString() });
      await store.claimRun(id);
      expect((await store.loadRun(id)).summary.owner).toMatchObject({ pid: process.pid, host: hostname() });
    } finally {
      await store.close();
    }
  });

  it('upgrades a database of schema version 1 (no owner columns) and keeps its runs', async () => {
    const path = freshPath();
    const old = new DatabaseSync(path);
    old.exec(`CREATE TABLE runs (id TEXT PRIMARY KEY, question TEXT NOT NULL, model TEXT, protocol TEXT, status TEXT NOT NULL,
      meta TEXT NOT NULL, created_at TEXT NOT NULL, updated_at TEXT NOT NULL, record_count INTEGER NOT NULL DEFAULT 0);
      CREATE TABLE records (run_id TEXT NOT NULL, seq INTEGER NOT NULL, at TEXT NOT NULL, step INTEGER NOT NULL, type TEXT NOT NULL,
      body TEXT NOT NULL, PRIMARY KEY (run_id, seq)) WITHOUT ROWID; PRAGMA user_version = 1;`);
    old.prepare("INSERT INTO runs VALUES ('r1', 'old run', NULL, NULL, 'running', '{\"question\":\"old run\"}', 't', 't', 1)").run();
    const first = [{ role: 'user' as const, content: 'old run' }];
    const request = { type: 'model-request', step: 1, attempt: 1, system: 'S', messages: first };
    old.prepare("INSERT INTO records VALUES ('r1', 1, 't', 1, 'model-request', ?)").run(JSON.stringify(request));
    old.close();
    const readOnly = new SqliteStore({ path, readOnly: true });
    expect((await readOnly.loadRun('r1')).summary).toMatchObject({ question: 'old run', status: 'running' });
    expect((await readOnly.loadRun('r1')).summary.owner).toBeUndefined();
    await readOnly.close();
    const store = new SqliteStore({ path, create: false });
    try {
      await store.appendStep('r1', { type: 'user-reply', step: 1, reply: 'after the upgrade' });
      const messages = [...first, { role: 'assistant' as const, content: 'a' }, { role: 'user' as const, content: 'after the upgrade' }];
      await store.appendStep('r1', { type: 'model-request', step: 2, attempt: 1, system: 'S', messages });
      const run = await store.loadRun('r1');
      expect(run.summary).toMatchObject({ recordCount: 3, owner: { pid: process.pid } });
      expect(run.records.filter((record) => record.type === 'model-request').map((record) => record.messages)).toEqual([first, messages]);
    } finally {
      await store.close();
    }
  });

  it('never creates a file or folder when reading or resuming, and says what is wrong with a bad file', async () => {
    const missing = join(folder, 'no-such-dir', 'x.db');
    for (const options of [{ readOnly: true }, { create: false }]) {
      expect(() => new SqliteStore({ path: missing, ...options })).toThrow(
        expect.objectContaining({ name: SessionStoreMissingError.errorName, path: missing, fault: 'user' }),
      );
    }
    expect(existsSync(join(folder, 'no-such-dir'))).toBe(false);

    const text = join(folder, 'notes.txt');
    writeFileSync(text, 'just some notes, not a database at all '.repeat(40));
    expect(() => new SqliteStore({ path: text, readOnly: true })).toThrow(/Cannot open the sessions database .*notes\.txt: file is not a database/);

    const foreign = join(folder, 'foreign.db');
    const db = new DatabaseSync(foreign);
    db.exec('CREATE TABLE things (id INTEGER)');
    db.close();
    for (const options of [{ readOnly: true }, { create: false }]) {
      expect(() => new SqliteStore({ path: foreign, ...options })).toThrow(
        expect.objectContaining({ name: SessionStoreError.errorName, message: expect.stringMatching(/not a reins sessions database/) }),
      );
    }
    const reread = new DatabaseSync(foreign, { readOnly: true });
    expect(reread.prepare("SELECT name FROM sqlite_master WHERE name = 'runs'").get()).toBeUndefined();
    reread.close();
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
