/**
 * `reins run --queue`: submits the run to the workers (`reins worker`) and follows it as they store
 * it: each record as a transcript line on stderr (`--json`: as JSON Lines on stdout), the answer on
 * stdout, and the exit code of the run's end. A question or an approval waits for `reins reply`:
 * the run holds no worker meanwhile, and this command can be stopped and the run followed later
 * (`reins show`). With `--detach` only the run id is printed.
 */
import type { RunMeta } from '../sessions/run-records/run-record.ts';
import { RunQueue } from '../workers/run-queue.ts';
import { ExitCode } from './exit-codes.ts';
import { renderRecord } from './render/transcript.ts';
import { CLI_AGENT } from './setup/queued-agent.ts';
import type { SecretMask } from './setup/secret-mask.ts';

export interface QueuedRunRequest {
  url: string;
  question: string;
  meta: Omit<RunMeta, 'question'>;
  json: boolean;
  detach: boolean;
  mask: SecretMask;
}

export async function followQueuedRun(request: QueuedRunRequest): Promise<number> {
  const queue = await RunQueue.open(request.url);
  const controller = new AbortController();
  const stop = () => controller.abort();
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  try {
    const runId = await queue.enqueue({ agent: CLI_AGENT, question: request.question, meta: request.mask.value(request.meta) });
    if (request.detach) {
      process.stdout.write(`${runId}\n`);
      return ExitCode.answered;
    }
    process.stderr.write(`queued run ${runId}; follow it later with: reins show ${runId}\n`);
    let code: number = ExitCode.failed;
    try {
      for await (const record of queue.follow(runId, { signal: controller.signal })) {
        if (request.json) process.stdout.write(`${JSON.stringify(request.mask.value(record))}\n`);
        else process.stderr.write(`${request.mask.display(renderRecord(record).join('\n'))}\n`);
        if (record.type === 'user-question' || record.type === 'approval-request') {
          process.stderr.write(`waiting for you: reins reply ${runId} "<answer>"\n`);
        }
        if (record.type === 'answer' && !request.json) process.stdout.write(`${request.mask.display(record.answer)}\n`);
        if (record.type === 'run-end') code = record.status === 'answered' ? ExitCode.answered : record.status === 'cancelled' ? ExitCode.cancelled : ExitCode.failed;
      }
    } catch (error) {
      if (controller.signal.aborted) {
        process.stderr.write(`stopped following; the run goes on: reins show ${runId}\n`);
        return ExitCode.cancelled;
      }
      throw error;
    }
    // A workflow that ended without ending the run failed before its loop began (e.g. its setup):
    // its error is thrown here, and its fault decides the exit code.
    if ((await queue.store.loadRun(runId)).summary.status === 'running') await queue.result(runId);
    return code;
  } finally {
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
    await queue.close();
  }
}
