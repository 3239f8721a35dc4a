import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, describe, expect, it } from 'vitest';
import { MemoryEvalStore } from '../../src/sessions/memory-eval-store.ts';
import { SqliteEvalStore } from '../../src/sessions/sqlite-eval-store.ts';
import { SqliteStore } from '../../src/sessions/sqlite-store.ts';
import { SESSIONS_SCHEMA_VERSION } from '../../src/sessions/sqlite-schema.ts';
import { evalReport, runEvalStoreContract } from './eval-store-contract.ts';

const folder = mkdtempSync(join(tmpdir(), 'reins-eval-store-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
let files = 0;

runEvalStoreContract('MemoryEvalStore', () => new MemoryEvalStore());
runEvalStoreContract('SqliteEvalStore', () => new SqliteEvalStore({ path: join(folder, `contract-${files++}.db`) }));

describe('SqliteEvalStore', () => {
  it('shares the sessions file with the runs, and a viewer reads it read-only', async () => {
    const path = join(folder, 'shared.db');
    const runs = new SqliteStore({ path });
    await runs.createRun({ question: 'q' });
    const evals = new SqliteEvalStore({ path });
    const id = await evals.saveEval(evalReport('m', '2026-01-01T00:00:00.000Z'));
    await evals.close();
    await runs.close();
    const viewer = new SqliteEvalStore({ path, readOnly: true });
    expect((await viewer.listEvals()).map((summary) => summary.id)).toEqual([id]);
    await viewer.close();
    const db = new DatabaseSync(path, { readOnly: true });
    expect((db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version).toBe(SESSIONS_SCHEMA_VERSION);
    db.close();
  });

  it('adds its tables to a sessions file of the version before, and a viewer of such a file sees no evals', async () => {
    const path = join(folder, 'old.db');
    const db = new DatabaseSync(path);
    db.exec("CREATE TABLE runs (id TEXT PRIMARY KEY, question TEXT NOT NULL, model TEXT, protocol TEXT, status TEXT NOT NULL, meta TEXT NOT NULL, created_at TEXT NOT NULL, updated_at TEXT NOT NULL, record_count INTEGER NOT NULL DEFAULT 0); PRAGMA user_version = 3;");
    db.close();
    const viewer = new SqliteEvalStore({ path, readOnly: true });
    expect(await viewer.listEvals()).toEqual([]);
    expect(await viewer.recommendation('m')).toBeUndefined();
    await viewer.close();
    const writer = new SqliteEvalStore({ path });
    const id = await writer.saveEval(evalReport('m', '2026-01-01T00:00:00.000Z'));
    expect((await writer.recommendation('m'))?.evalId).toBe(id);
    await writer.close();
  });
});
