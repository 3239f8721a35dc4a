/**
 * Starts one run, new or resumed: its id, event stream and signal at once; then, once the driver
 * is loaded (`drive-run.ts`, imported with the first run: importing reins loads neither the loop's
 * driver nor the durable-run record) and every observer is ready (`RunObserver.ready`), the run.
 * Setup failures (the store cannot create or load the run, a run that cannot be resumed) end the
 * run `failed` with a typed error; the result never rejects. Cleanup runs in `finally`.
 */
import { emptyUsage } from '../spec/model.ts';
import type { Store } from '../sessions/store.ts';
import { asReinsError } from './as-reins-error.ts';
import type { AgentParts, LaunchedRun, LaunchTarget } from './drive-run.ts';
import type * as DriveRunModule from './drive-run.ts';
import { EventStream } from './event-stream.ts';
import type { AgentEvent } from '../spec/events.ts';
import { notifyObservers, observersReady } from './run-observer.ts';
import type { AgentRun, RunResult } from './run-result.ts';
import { createRunSignal } from './run-signal.ts';

type Driver = typeof DriveRunModule;

/** The driver's module, once loaded: the first run imports it, later runs reuse it. */
let driver: Driver | undefined;
let loadingDriver: Promise<Driver> | undefined;

function loadDriver(): Promise<Driver> {
  return (loadingDriver ??= import('./drive-run.ts').then(
    (loaded) => (driver = loaded),
    (error: unknown) => {
      // A failed load (a broken install) is retried by the next run rather than remembered.
      loadingDriver = undefined;
      throw error;
    },
  ));
}

export function launchRun(parts: AgentParts, target: LaunchTarget, store: Store | undefined, signal?: AbortSignal): AgentRun {
  const run: LaunchedRun = {
    runId: target.kind === 'resume' ? target.runId : newRunId(),
    events: new EventStream<AgentEvent>(),
    scope: createRunSignal(signal, parts.policies.maxDurationMs),
  };
  return new RunHandle(run, drive(parts, target, store, run));
}

/** A random UUID v4 in lowercase, as `crypto.randomUUID()` gives it. */
export function newRunId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] as number) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] as number) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return [hex.slice(0, 8), hex.slice(8, 12), hex.slice(12, 16), hex.slice(16, 20), hex.slice(20)].join('-');
}

/** What `agent.run()` returns: the run's id, its events and its result. */
class RunHandle implements AgentRun {
  readonly result: Promise<RunResult>;
  readonly #run: LaunchedRun;

  constructor(run: LaunchedRun, result: Promise<RunResult>) {
    this.#run = run;
    this.result = result;
  }

  /** The run's id: the store's once it gave one. */
  get runId(): string {
    return this.#run.runId;
  }

  [Symbol.asyncIterator](): AsyncIterator<AgentEvent> {
    return this.#run.events[Symbol.asyncIterator]();
  }
}

async function drive(parts: AgentParts, target: LaunchTarget, store: Store | undefined, run: LaunchedRun): Promise<RunResult> {
  try {
    // Both start now and load side by side; most agents have no observer to wait for (`undefined`).
    const ready = observersReady(parts.observers);
    const { driveRun } = driver ?? (await loadDriver());
    // Awaited even when there is nothing to wait for: the run starts after `agent.run()` returned, never inside it.
    await ready;
    return await driveRun(parts, target, store, run);
  } catch (error) {
    const failure = asReinsError(error);
    const end: AgentEvent = { type: 'run-end', runId: run.runId, step: 0, status: 'failed', usage: emptyUsage(), error: failure };
    notifyObservers(parts.observers, end);
    run.events.push(end);
    return { runId: run.runId, status: 'failed', steps: 0, usage: emptyUsage(), stepUsage: [], usageEstimated: false, transcript: [], error: failure };
  } finally {
    run.scope.dispose();
    run.events.close();
  }
}
