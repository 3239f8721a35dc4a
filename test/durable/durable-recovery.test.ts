/**
 * Recovery of durable runs after a worker is SIGKILLed in the middle of two tool calls (a real
 * Postgres, a real child process, DBOS relaunched here with the dead worker's executor id): the
 * workflow replays from its checkpoints (the model is not asked again for the turn it gave, records
 * are not stored twice); the call that was in flight is reported to the model as interrupted and not
 * run again, unless the tool declares itself idempotent: then it runs again with the same key. A
 * run that waited for the human when its worker died gets the reply sent while no process ran it.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { DBOS, DBOSClient } from '@dbos-inc/dbos-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchDurableRuns, replyToRun, shutdownDurableRuns, waitingFor, type DurableRunOutcome } from '../../src/durable/index.ts';
import { PostgresStore } from '../../src/sessions/postgres-store.ts';
import { ScriptedModel } from '../../src/testing/scripted-model.ts';
import { ASK_QUESTION, crashAgents, PAY_QUESTION, SYNC_QUESTION } from '../fixtures/durable/crash-agents.ts';
import { startPostgres, type PostgresServer } from '../helpers/postgres-server.ts';

const worker = resolve(import.meta.dirname, '..', 'fixtures', 'durable', 'crash-worker.ts');
const answer = (text: string) => JSON.stringify({ action: 'answer_user', answer: text });

let server: PostgresServer;
let url: string;
let store: PostgresStore;
const folder = mkdtempSync(join(tmpdir(), 'reins-durable-recovery-'));
const ledger = join(folder, 'ledger.jsonl');
let ids: { pay: string; sync: string; ask: string };
let waitedFor: Awaited<ReturnType<typeof replyToRun>>;
/** The models of the recovering process: only the turns after the crash. */
const models = new Map([
  [PAY_QUESTION, new ScriptedModel([answer('The payment may or may not have gone through.')])],
  [SYNC_QUESTION, new ScriptedModel([answer('Mirror synced.')])],
  [ASK_QUESTION, new ScriptedModel([answer('Booked for Tuesday.')])],
]);

const entries = () =>
  readFileSync(ledger, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { tool: string; key: string });

async function until(condition: () => boolean): Promise<void> {
  for (let waited = 0; !condition(); waited += 50) {
    if (waited > 90_000) throw new Error('timed out waiting for the worker');
    await new Promise((done) => setTimeout(done, 50));
  }
}

beforeAll(async () => {
  server = await startPostgres();
  url = await server.createDatabase('reins_recovery');
  writeFileSync(ledger, '');
  store = new PostgresStore({ url });
  const child = spawn(process.execPath, [worker, url, ledger], { stdio: ['ignore', 'pipe', 'inherit'] });
  const exited = once(child, 'exit');
  try {
    const [line] = (await once(createInterface({ input: child.stdout! }), 'line')) as [string];
    ids = JSON.parse(line) as typeof ids;
    await until(() => entries().length === 2); // both calls started, and hang
    const client = await DBOSClient.create({ systemDatabaseUrl: url });
    await waitingFor(client, ids.ask, 90).finally(() => client.destroy()); // the third run waits for its reply
  } finally {
    child.kill('SIGKILL');
    await exited;
  }

  // No process runs the runs now: the reply still reaches the waiting one.
  waitedFor = await replyToRun(url, ids.ask, 'Tuesday');
  await launchDurableRuns({
    systemDatabaseUrl: url,
    store,
    agent: crashAgents(ledger, false, (question) => models.get(question)!),
    executorId: 'crash-worker',
  });
}, 180_000);

afterAll(async () => {
  await shutdownDurableRuns();
  await store?.close();
  await server?.destroy();
  rmSync(folder, { recursive: true, force: true });
});

const outcomeOf = (runId: string) => DBOS.retrieveWorkflow<DurableRunOutcome>(runId).getResult();

describe('a worker SIGKILLed mid tool call, its runs recovered', () => {
  it('reports the call in flight to the model as interrupted and does not run it again', async () => {
    expect(await outcomeOf(ids.pay)).toMatchObject({ status: 'answered', answer: 'The payment may or may not have gone through.' });
    expect(entries().filter((entry) => entry.tool === 'pay')).toHaveLength(1);
    const model = models.get(PAY_QUESTION)!;
    expect(model.calls).toHaveLength(1); // the first turn came from its checkpoint
    expect(JSON.stringify(model.calls[0]?.messages)).toContain('The call to pay was interrupted before it returned');

    const stored = await store.loadRun(ids.pay);
    const count = (type: string) => stored.records.filter((record) => record.type === type).length;
    expect([count('run-start'), count('model-response'), count('tool-call-start'), count('tool-call-end')]).toEqual([1, 2, 1, 1]);
    expect(stored.records.find((record) => record.type === 'tool-call-end')).toMatchObject({ outcome: 'error', error: { name: 'Reins_ToolCallInterruptedError' } });
    expect(stored.summary.status).toBe('answered');
  });

  it('runs an idempotent tool again, with the same idempotency key', async () => {
    expect(await outcomeOf(ids.sync)).toMatchObject({ status: 'answered', answer: 'Mirror synced.' });
    const syncs = entries().filter((entry) => entry.tool === 'sync');
    expect(syncs).toHaveLength(2);
    expect(syncs[1]!.key).toBe(syncs[0]!.key);
    expect(syncs[0]!.key).toMatch(new RegExp(`^${ids.sync}:\\d+$`));
    expect(JSON.stringify(models.get(SYNC_QUESTION)!.calls[0]?.messages)).toContain('sync done');
    const stored = await store.loadRun(ids.sync);
    expect(stored.records.filter((record) => record.type === 'tool-call-end')).toMatchObject([{ outcome: 'result' }]);
  });

  it('delivers a reply sent while no process ran the waiting run, once it is recovered', async () => {
    expect(waitedFor).toMatchObject({ kind: 'question', question: { question: 'Which day?' } });
    expect(await outcomeOf(ids.ask)).toMatchObject({ status: 'answered', answer: 'Booked for Tuesday.' });
    expect(JSON.stringify(models.get(ASK_QUESTION)!.calls[0]?.messages)).toContain('Tuesday');
    const stored = await store.loadRun(ids.ask);
    expect(stored.records.filter((record) => record.type === 'user-question')).toHaveLength(1);
    expect(stored.records.find((record) => record.type === 'user-reply')).toMatchObject({ reply: 'Tuesday' });
  });
});
