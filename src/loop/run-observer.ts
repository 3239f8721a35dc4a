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
 * (most agents): the run need not wait for anything.
 */
export function observersReady(observers: readonly RunObserver[]): Promise<void> | undefined {
  if (!observers.some((observer) => observer.ready !== undefined)) return undefined;
  return Promise.all(observers.map(async (observer) => observer.ready?.()).map((ready) => ready.catch(() => undefined))).then(() => undefined);
}
