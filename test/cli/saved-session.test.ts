/**
 * A stored run whose row was damaged (by hand, a bad migration, another tool) is refused with a
 * CorruptSessionError naming the run and the field, never cast and used: `reins resume` exits 2
 * with the reason instead of running with a configuration nobody wrote.
 */
import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CorruptSessionError } from '../../src/index.ts';
import { SqliteStore } from '../../src/sessions/sqlite-store.ts';
import { readSavedSession } from '../../src/cli/setup/saved-session.ts';
import { reins, tempWorkspace } from './cli-process.ts';

let work: Awaited<ReturnType<typeof tempWorkspace>>;
beforeEach(async () => (work = await tempWorkspace()));
afterEach(async () => work.remove());

async function storedRun(): Promise<string> {
  const store = new SqliteStore({ path: work.store });
  try {
    return await store.createRun({ question: 'hi', model: 'replay:none.json', protocol: 'json', config: { approve: 'ask', servers: [] } });
  } finally {
    await store.close();
  }
}

function corrupt(runId: string, sql: string): void {
  const db = new DatabaseSync(work.store);
  try {
    db.prepare(sql).run(runId);
  } finally {
    db.close();
  }
}

async function loadMeta(runId: string) {
  const store = new SqliteStore({ path: work.store });
  try {
    return (await store.loadRun(runId)).meta;
  } finally {
    await store.close();
  }
}

describe('a corrupt saved session', () => {
  it('a saved configuration of the wrong shape is a CorruptSessionError naming the field, and resume exits 2', async () => {
    const runId = await storedRun();
    corrupt(runId, `UPDATE runs SET meta = json_set(meta, '$.config.approve', 'sometimes', '$.config.maxSteps', -3) WHERE id = ?`);
    await expect(loadMeta(runId).then((meta) => readSavedSession(runId, meta))).rejects.toSatisfy(
      (caught: unknown) => CorruptSessionError.isInstance(caught) && caught.runId === runId && /approve/.test(caught.message) && /maxSteps/.test(caught.message),
    );

    const resumed = await reins(['resume', runId, '--force', '--store', work.store], { cwd: work.dir });
    expect(resumed.code).toBe(2);
    expect(resumed.stderr).toContain(runId);
    expect(resumed.stderr).toMatch(/approve/);
  });

  it('a row whose metadata is not JSON is a CorruptSessionError from the store, not a SyntaxError', async () => {
    const runId = await storedRun();
    corrupt(runId, `UPDATE runs SET meta = '{"question": "hi", "config": {' WHERE id = ?`);
    await expect(loadMeta(runId)).rejects.toSatisfy((caught: unknown) => CorruptSessionError.isInstance(caught) && caught.runId === runId);
    const resumed = await reins(['resume', runId, '--force', '--store', work.store], { cwd: work.dir });
    expect(resumed.code).toBe(2);
    expect(resumed.stderr).toContain(runId);
  });
});
