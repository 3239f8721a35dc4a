/**
 * Starts worker processes (`worker.ts`) for the example, its test, the fault tests and the bench:
 * each waits until the worker says `ready`, and collects what it prints.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

export interface WorkerProcess {
  name: string;
  child: ChildProcess;
  /** Every line it printed on stdout. */
  lines: string[];
  /** The run ids it said it recovered from dead workers. */
  recovered(): string[];
  /** SIGKILL: dies at once, mid-call. */
  kill(): Promise<void>;
  /** SIGTERM: a clean stop (its unfinished runs go to the others). */
  stop(): Promise<void>;
}

const workerScript = join(import.meta.dirname, 'worker.ts');

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((resolve) => child.once('exit', () => resolve()));
}

export async function startWorkerProcess(url: string, name: string, env: Record<string, string> = {}): Promise<WorkerProcess> {
  const child = spawn(process.execPath, ['--conditions=reins-source', '--no-deprecation', workerScript], {
    env: { ...process.env, REINS_STORE: url, WORKER_NAME: name, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
    if (process.env.WORKER_STDERR) process.stderr.write(`[${name}] ${chunk.toString()}`);
  });
  let buffered = '';
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const parts = buffered.split('\n');
      buffered = parts.pop()!;
      for (const line of parts) {
        lines.push(line);
        if (line.startsWith('ready ')) resolve();
      }
    });
    child.once('exit', (code, signal) => reject(new Error(`worker ${name} exited (${code ?? signal}) before it was ready:\n${stderr}`)));
  });
  await ready;
  return {
    name,
    child,
    lines,
    recovered: () => lines.filter((line) => line.startsWith('recovered ')).flatMap((line) => line.split(' ').slice(2).filter(Boolean)),
    async kill() {
      child.kill('SIGKILL');
      await exited(child);
    },
    async stop() {
      child.kill('SIGTERM');
      await exited(child);
    },
  };
}
