/**
 * Run observers: functions the loop calls synchronously with each event at the moment it is
 * emitted (before it is stored or reaches the run's iterator), so their clocks see the loop's
 * timing. Telemetry (`src/telemetry`) is one. An observer that throws is ignored: watching a run
 * never changes it.
 */
import type { AgentEvent } from '../spec/events.ts';

export interface RunObserver {
  (event: AgentEvent): void;
  /**
   * Loads what the observer needs (a library imported on demand, as telemetry does); the loop
   * awaits it before each run's first event. A failing `ready` is ignored, like a throwing observer.
   * @default undefined (ready at once)
   */
  ready?: () => Promise<void>;
}

/** Calls each observer with the event; a throwing observer does not stop the others or the run. */
export function notifyObservers(observers: readonly RunObserver[], event: AgentEvent): void {
  for (let index = 0; index < observers.length; index++) {
    try {
      (observers[index] as RunObserver)(event);
    } catch {
      // An observer's failure is its own; the run goes on.
    }
  }
}

/**
 * Waits until every observer is ready; failures are ignored. `undefined` when none has a `ready`
 * (most agents): the run need not wait for anything. One observer with a `ready` (telemetry) is
 * waited for directly, without a `Promise.all`.
 */
export function observersReady(observers: readonly RunObserver[]): Promise<void> | undefined {
  let waits: Promise<void>[] | undefined;
  for (let index = 0; index < observers.length; index++) {
    const observer = observers[index] as RunObserver;
    if (observer.ready !== undefined) (waits ??= []).push(readyIgnoringFailure(observer));
  }
  if (waits === undefined) return undefined;
  return waits.length === 1 ? waits[0] : Promise.all(waits).then(() => undefined);
}

async function readyIgnoringFailure(observer: RunObserver): Promise<void> {
  try {
    await observer.ready?.();
  } catch {
    // A failing `ready` is ignored, like a throwing observer.
  }
}
