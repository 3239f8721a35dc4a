/**
 * `reins worker --store postgres://… [--concurrency N]`: this process takes runs from the queue
 * (`reins run --queue`) and runs them as durable workflows until it is stopped (Ctrl-C, SIGTERM:
 * runs still going are handed to the other workers at once). It beats in `reins_workers` and
 * recovers the runs of workers that stopped beating (docs/deploy.md). The standard OTEL_* variables
 * send its runs' spans over OTLP, as for `reins run`.
 */
import type { Command } from 'commander';
import { ConfigError } from '../../errors/config-error.ts';
import { positiveInteger } from '../setup/run-flags.ts';

interface WorkerFlags {
  store?: string;
  concurrency?: number;
  heartbeat?: number;
  deadAfter?: number;
}

export function registerWorker(program: Command): void {
  program
    .command('worker')
    .description('Run queued runs (reins run --queue) from a Postgres store; recover the runs of dead workers')
    .option('--store <url>', 'the Postgres database shared by the workers: a postgres:// URL (default: REINS_STORE)')
    .option('--concurrency <n>', 'runs this worker runs at once (a setting of the queue: the last worker started sets it for all) (default: 8)', positiveInteger)
    .option('--heartbeat <seconds>', 'how often the worker beats and looks for dead workers (default: 5)', positiveInteger)
    .option('--dead-after <seconds>', 'a worker silent this long is dead; its runs go to the others (default: 30)', positiveInteger)
    .action(async (flags: WorkerFlags) => {
      const [{ isPostgresUrl }, { startWorker }, { CLI_AGENT, queuedAgent }, { SecretMask }, { startTraceExport }] = await Promise.all([
        import('../../sessions/postgres-store.ts'),
        import('../../workers/start-worker.ts'),
        import('../setup/queued-agent.ts'),
        import('../setup/secret-mask.ts'),
        import('../setup/trace-export.ts'),
      ]);
      const url = flags.store ?? (process.env.REINS_STORE || undefined);
      if (!isPostgresUrl(url)) {
        throw new ConfigError('reins worker needs a Postgres store shared by the workers.', { hint: 'Give --store postgres://user@host/db (or set REINS_STORE).' });
      }
      const say = (text: string) => process.stderr.write(`${text}\n`);
      // What the worker writes to Postgres and to its spans is masked as `reins run` masks them.
      const secrets = SecretMask.from(process.env);
      const traces = await startTraceExport(process.env, say);
      const agent = queuedAgent(process.env, { secrets, agentName: 'reins', ...(traces ? { tracer: traces.tracer } : {}) });
      const worker = await startWorker({
        url,
        agents: { [CLI_AGENT]: agent.factory },
        secrets,
        ...(flags.concurrency ? { concurrency: flags.concurrency } : {}),
        ...(flags.heartbeat ? { heartbeatMs: flags.heartbeat * 1000 } : {}),
        ...(flags.deadAfter ? { deadAfterMs: flags.deadAfter * 1000 } : {}),
        onRecovered: (pass) => process.stderr.write(`reins worker: took over ${pass.workflows.length} run(s) of dead worker(s) ${pass.recovered.join(', ')}\n`),
      });
      process.stderr.write(`reins worker ${worker.executorId}: waiting for runs (${flags.concurrency ?? 8} at once); Ctrl-C stops it\n`);
      const stopped = new Promise<string>((resolve) => {
        for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.once(signal, () => resolve(signal));
      });
      const signal = await stopped;
      process.stderr.write(`reins worker: ${signal}: stopping; runs in progress go to the other workers\n`);
      await worker.stop();
      await agent.close();
      const undelivered = await traces?.close();
      if (undelivered) say(`Note: traces not delivered (${undelivered}).`);
    });
}
