/**
 * `enqueueRun`: submits one run to the workers (`reins worker`, `startWorker`) and returns its id, a
 * way to follow its records and its outcome. Given a URL it opens a RunQueue for this run (closed by
 * `close()`); give an open RunQueue to submit many runs over one connection.
 */
import type { DurableRunOutcome } from '../durable/durable-run-workflow.ts';
import type { RunRecord } from '../sessions/run-records/run-record.ts';
import { RunQueue, type QueuedRunRequest } from './run-queue.ts';

export interface QueuedRun {
  runId: string;
  /** The run's records as workers store them, until it ends (needs the queue open). */
  follow(options?: { signal?: AbortSignal }): AsyncGenerator<RunRecord>;
  /** The run's outcome once it ends (needs the queue open). */
  result(): Promise<DurableRunOutcome>;
  /** Closes the connection opened for this run (given a URL); an open RunQueue given is left open. */
  close(): Promise<void>;
}

/**
 * @param target a `postgres://` URL, or an open RunQueue (kept open; follow and result need it).
 * @example
 * const queue = await RunQueue.open(process.env.REINS_STORE!);
 * const run = await enqueueRun(queue, { agent: 'support', question: 'Where is my order 42?' });
 * console.log((await run.result()).answer);
 */
export async function enqueueRun(target: string | RunQueue, request: QueuedRunRequest): Promise<QueuedRun> {
  const owned = typeof target === 'string';
  const queue = typeof target === 'string' ? await RunQueue.open(target) : target;
  try {
    const runId = await queue.enqueue(request);
    return {
      runId,
      follow: (options) => queue.follow(runId, options),
      result: () => queue.result(runId),
      close: async () => (owned ? queue.close() : undefined),
    };
  } catch (error) {
    if (owned) await queue.close();
    throw error;
  }
}
