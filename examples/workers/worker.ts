/**
 * One worker process of the workers example (and of the fault tests): `startWorker` with the ledger
 * agent, settings from the environment. Says `ready <executor id>` on stdout once it takes runs,
 * `recovered <executor id> <run ids...>` when it takes over a dead worker's runs, and stops cleanly on
 * SIGTERM.
 */
import pg from 'pg';
import { startWorker } from 'reins/workers';
import { LEDGER_AGENT, LEDGER_SCHEMA, ledgerAgent } from './ledger-agent.ts';

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const url = process.env.REINS_STORE!;
const name = process.env.WORKER_NAME ?? `worker-${process.pid}`;
const pool = new pg.Pool({ connectionString: url, max: 4 });
pool.on('error', () => undefined);
await pool.query(LEDGER_SCHEMA);
const worker = await startWorker({
  url,
  agents: { [LEDGER_AGENT]: ledgerAgent(pool, name) },
  concurrency: env('WORKER_CONCURRENCY', 16),
  heartbeatMs: env('WORKER_HEARTBEAT_MS', 500),
  deadAfterMs: env('WORKER_DEAD_AFTER_MS', 3000),
  pollMs: env('WORKER_POLL_MS', 100),
  onRecovered: (pass) => process.stdout.write(`recovered ${pass.recovered.join(',')} ${pass.workflows.join(' ')}\n`),
});
process.stdout.write(`ready ${worker.executorId}\n`);
process.once('SIGTERM', () => {
  void worker.stop().finally(() => pool.end().finally(() => process.exit(0)));
});
