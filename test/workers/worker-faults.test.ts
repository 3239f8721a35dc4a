/**
 * Faults with real parts: one Postgres (Debian's, restarted and stopped by the test), worker
 * processes of examples/workers (DBOS, heartbeats every 200 ms, dead after 1.5 s), runs of the ledger
 * agent whose tool appends a row that must not be written twice. In every scenario each run ends
 * answered or failed with a typed error, none is lost, and no effect happens twice.
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RunQueue } from '../../src/workers/run-queue.ts';
import { LEDGER_AGENT, LEDGER_SCHEMA, type LedgerDelays } from '../../examples/workers/ledger-agent.ts';
import { startWorkerProcess, type WorkerProcess } from '../../examples/workers/worker-processes.ts';
import { startPostgres, type PostgresServer } from '../helpers/postgres-server.ts';
import { WorkerMembership } from '../../src/workers/worker-membership.ts';
import { beat, ensureWorkersTable, fenceWorker, registerWorker } from '../../src/workers/worker-heartbeats.ts';
import { FIXTURES, reins, startReins, tempWorkspace } from '../cli/cli-process.ts';

const WORKER_ENV = { WORKER_HEARTBEAT_MS: '200', WORKER_DEAD_AFTER_MS: '1500', WORKER_POLL_MS: '100', WORKER_CONCURRENCY: '8' };

let server: PostgresServer;
let pool: pg.Pool;
let queue: RunQueue;
const workers: WorkerProcess[] = [];

beforeAll(async () => {
  server = await startPostgres();
  pool = new pg.Pool({ connectionString: server.url, max: 2 });
  pool.on('error', () => undefined);
  await pool.query(LEDGER_SCHEMA);
  queue = await RunQueue.open(server.url, { followPollMs: 100 });
});

afterAll(async () => {
  await Promise.all(workers.map((worker) => worker.stop()));
  await queue?.close();
  await pool?.end();
  await server?.destroy();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function worker(name: string): Promise<WorkerProcess> {
  const started = await startWorkerProcess(server.url, name, WORKER_ENV);
  workers.push(started);
  return started;
}

function enqueue(question: string, delays: LedgerDelays = {}): Promise<string> {
  return queue.enqueue({ agent: LEDGER_AGENT, question, meta: { config: { ...delays } } });
}

/** Polls until `check` holds (Postgres may be away meanwhile: errors count as "not yet"). */
async function until(check: () => Promise<boolean>, what: string, timeoutMs = 40_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await sleep(100);
  }
  throw new Error(`timed out waiting for ${what}`);
}

async function ledger(runId: string): Promise<Array<{ worker: string; idempotency_key: string }>> {
  return (await pool.query('SELECT worker, idempotency_key FROM ledger WHERE run_id = $1', [runId])).rows;
}

/** Waits for every run to end, then checks the promise of the issue for each. */
async function expectAllSettled(runIds: string[]): Promise<void> {
  await until(async () => {
    const { rows } = await pool.query("SELECT count(*) AS n FROM reins_runs WHERE id = ANY($1) AND status IN ('answered', 'failed', 'cancelled')", [runIds]);
    return Number(rows[0].n) === runIds.length;
  }, 'every run to end', 60_000);
  for (const runId of runIds) {
    const run = await queue.store.loadRun(runId);
    const end = run.records.find((record) => record.type === 'run-end');
    expect(end, runId).toBeDefined();
    if (end?.type !== 'run-end') continue;
    if (end.status !== 'answered') expect(end.error?.name, runId).toMatch(/^Reins_/);
    // The tool's effect happened at most once, and at least once when the tool reported success (it
    // may also have failed while Postgres was away: the model was told, and answered anyway).
    const effects = await ledger(runId);
    const succeeded = run.records.filter((record) => record.type === 'tool-call-end' && record.outcome !== 'error').length;
    expect(effects.length, runId).toBeLessThanOrEqual(1);
    expect(effects.length, runId).toBeGreaterThanOrEqual(succeeded);
  }
}

describe('worker membership', () => {
  it('a worker silent for deadAfterMs is fenced by exactly one of two racing watchers, and its next beat tells it it was fenced', async () => {
    await ensureWorkersTable(pool);
    await registerWorker(pool, { executorId: 'frozen', host: 'h', pid: 1, appVersion: 'v-test' });
    expect(await Promise.all([fenceWorker(pool, 'frozen', 0), fenceWorker(pool, 'frozen', 0)])).toEqual(expect.arrayContaining([true, false]));
    expect(await beat(pool, 'frozen')).toBe(false);

    const handedBack: string[] = [];
    let fenced = 0;
    const member = (executorId: string) =>
      new WorkerMembership({
        pool, executorId, appVersion: 'v-test', heartbeatMs: 50, deadAfterMs: 400,
        recoverExecutor: async (id) => (handedBack.push(id), []),
        onFenced: () => (fenced += 1),
      });
    const [stalled, watcherA, watcherB] = [member('stalled'), member('watcher-a'), member('watcher-b')];
    await Promise.all([stalled.join('h', 2), watcherA.join('h', 3), watcherB.join('h', 4)]);
    await sleep(200);
    await stalled.leave({ release: false }); // stops beating, as a frozen process would
    await until(async () => handedBack.includes('stalled'), 'the watchers to hand the stalled worker\'s runs back');
    await sleep(200);
    await Promise.all([watcherA.leave({ release: true }), watcherB.leave({ release: true })]);
    expect(handedBack.filter((id) => id === 'stalled').length).toBeGreaterThanOrEqual(1);
    expect(fenced).toBe(0);
    expect(await beat(pool, 'stalled')).toBe(false);

    // A worker that is still running when the others fence it (it was cut off, then came back) is told at its next beat.
    const comeback = member('comeback');
    await comeback.join('h', 5);
    await until(async () => {
      const { rows } = await pool.query<{ beat: string }>("SELECT beat FROM reins_workers WHERE executor_id = 'comeback'");
      return fenceWorker(pool, 'comeback', Number(rows[0]!.beat));
    }, 'fencing the comeback worker');
    await until(async () => fenced === 1, 'the comeback worker to learn it was fenced');
    await comeback.leave({ release: false });
  });
});

describe('npm run example:workers', () => {
  it('a small version (30 runs, 3 workers, one SIGKILLed halfway) prints "30 answered, 0 lost, 0 repeated effects" and runs/s for 1, 2 and 3 workers', async () => {
    const script = join(import.meta.dirname, '..', '..', 'examples', 'workers', 'workers.ts');
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--conditions=reins-source', '--no-deprecation', script, '--runs', '30', '--phase-runs', '10', '--store', server.url],
      { env: { ...process.env, NO_COLOR: '1' } },
    );
    for (const count of ['1 worker', '2 workers', '3 workers']) expect(stdout).toMatch(new RegExp(`^${count}: \\d+(\\.\\d+)? runs/s`, 'm'));
    expect(stdout).toMatch(/^killed worker-2 \(SIGKILL\) after \d+ of 30 runs ended$/m);
    expect(stdout).toMatch(/^30 answered, 0 lost, 0 repeated effects$/m);
  }, 120_000);
});

describe('reins worker and reins run --queue', () => {
  it('a queued CLI run is rebuilt and run by a worker, waits for `reins reply` from another process, and ends answered', async () => {
    const work = await tempWorkspace();
    const worker = startReins(['worker', '--store', server.url, '--heartbeat', '1'], { cwd: work.dir });
    try {
      await until(async () => (await pool.query('SELECT count(*) AS n FROM reins_workers WHERE NOT released')).rows[0].n > 0, 'the worker');
      const model = `replay:${join(FIXTURES, 'ask-user.json')}`;
      const submitted = startReins(['run', '--queue', 'plan a weekend trip', '--model', model, '--store', server.url, '--json'], { cwd: work.dir });
      const question = JSON.parse(await submitted.line((line) => line.includes('"type":"user-question"'))) as { runId: string; question: string };
      expect(question.question).toBe('Which city should the trip go to?');
      const replied = await reins(['reply', question.runId, 'Lisbon', '--store', server.url], { cwd: work.dir });
      expect(replied.code).toBe(0);
      const end = await submitted.finished;
      expect(end.code).toBe(0);
      const records = end.stdout.trim().split('\n').map((line) => JSON.parse(line) as { type: string; answer?: string; reply?: string });
      expect(records.find((record) => record.type === 'user-reply')?.reply).toBe('Lisbon');
      expect(records.find((record) => record.type === 'answer')?.answer).toMatch(/A weekend plan/);
    } finally {
      worker.child.kill('SIGTERM');
      await worker.finished;
      await work.remove();
    }
  }, 90_000);
});

describe('a replay run recovered by another worker', () => {
  it('goes on from the turn after the last one answered, as `reins resume` does: the question is asked once', async () => {
    const work = await tempWorkspace();
    const first = startReins(['worker', '--store', server.url, '--heartbeat', '1'], { cwd: work.dir });
    let second: ReturnType<typeof startReins> | undefined;
    let submitted: ReturnType<typeof startReins> | undefined;
    try {
      await until(async () => (await pool.query('SELECT count(*) AS n FROM reins_workers WHERE NOT released')).rows[0].n > 0, 'the first worker');
      const model = `replay:${join(FIXTURES, 'ask-user.json')}`;
      submitted = startReins(['run', '--queue', 'plan a weekend trip', '--model', model, '--store', server.url, '--json'], { cwd: work.dir });
      const question = JSON.parse(await submitted.line((line) => line.includes('"type":"user-question"'))) as { runId: string };
      // The first turn is checkpointed and the run waits for the human: the worker dies there.
      first.child.kill('SIGKILL');
      await first.finished;
      second = startReins(['worker', '--store', server.url, '--heartbeat', '1'], { cwd: work.dir });
      // The reply waits in Postgres until the second worker, having seen the first one dead, replays the run from its checkpoints.
      const replied = await reins(['reply', question.runId, 'Lisbon', '--store', server.url], { cwd: work.dir });
      expect(replied.code).toBe(0);
      await until(async () => ['answered', 'failed'].includes((await queue.store.loadRun(question.runId)).summary.status), 'the run to end', 60_000);
      const run = await queue.store.loadRun(question.runId);
      expect(run.summary.status).toBe('answered');
      expect(run.records.filter((record) => record.type === 'user-question')).toHaveLength(1);
      const answer = run.records.find((record) => record.type === 'answer');
      expect(answer?.type === 'answer' ? answer.answer : undefined).toMatch(/A weekend plan/);
    } finally {
      submitted?.child.kill('SIGTERM');
      await submitted?.finished;
      first.child.kill('SIGKILL');
      second?.child.kill('SIGTERM');
      await second?.finished;
      await work.remove();
    }
  }, 120_000);
});

describe('workers under faults', () => {
  it('a worker SIGKILLed mid-tool-call and mid-turn: another worker recovers its runs, the call in flight is reported interrupted, not run twice; two workers racing to recover run each run once', async () => {
    const victim = await worker('A');
    const inTool = await enqueue('stalls in the tool on A', { stallToolOn: 'A' });
    const inTurn = await enqueue('stalls in the first turn on A', { stallModelOn: 'A' });
    await until(async () => (await ledger(inTool)).length === 1, 'the tool call on A');
    await until(async () => (await queue.store.loadRun(inTurn)).records.some((record) => record.type === 'model-request'), 'the model turn on A');
    await victim.kill();
    const [b, c] = await Promise.all([worker('B'), worker('C')]);

    const outcomes = await Promise.all([queue.result(inTool), queue.result(inTurn)]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['answered', 'answered']);
    // The effect of the interrupted call happened once, on A; the model was told it was interrupted.
    expect((await ledger(inTool)).map((row) => row.worker)).toEqual(['A']);
    const toolEnd = (await queue.store.loadRun(inTool)).records.find((record) => record.type === 'tool-call-end');
    expect(toolEnd?.type === 'tool-call-end' && toolEnd.outcome).toBe('error');
    expect(toolEnd?.type === 'tool-call-end' && toolEnd.observation).toMatch(/interrupted/i);
    // The run cut mid-turn called its tool once, on the worker that recovered it.
    const effects = await ledger(inTurn);
    expect(effects).toHaveLength(1);
    expect(['B', 'C']).toContain(effects[0]!.worker);
    // B and C both saw A die; A's runs were handed over once, to one of them.
    const recovered = [...b.recovered(), ...c.recovered()].sort();
    expect(recovered).toEqual([inTool, inTurn].sort());
    expect(b.recovered().length === 0 || c.recovered().length === 0).toBe(true);
  }, 90_000);

  it('Postgres restarted mid-run: every run ends answered or with a typed error, nothing lost, no effect twice', async () => {
    const runIds = await Promise.all(Array.from({ length: 6 }, (_, index) => enqueue(`restart ${index}`, { modelMs: 300, toolMs: 300 })));
    await until(async () => (await ledger(runIds[0]!)).length + (await ledger(runIds[3]!)).length > 0, 'runs under way');
    await server.stop();
    await server.start();
    await expectAllSettled(runIds);
  }, 90_000);

  it('Postgres stopped for 10 s (a partition): every run ends answered or with a typed error, nothing lost, no effect twice', async () => {
    const runIds = await Promise.all(Array.from({ length: 6 }, (_, index) => enqueue(`partition ${index}`, { modelMs: 300, toolMs: 300 })));
    await until(async () => (await ledger(runIds[0]!)).length + (await ledger(runIds[3]!)).length > 0, 'runs under way');
    await server.stop();
    await sleep(10_000);
    await server.start();
    await expectAllSettled(runIds);
  }, 120_000);
});
