/**
 * Run observers: functions the loop calls synchronously with each event at the moment it is
 * emitted (before it is stored or reaches the run's iterator), so their clocks see the loop's
 * timing. Telemetry (`src/telemetry`) is one. An observer that throws is ignored: watching a run
 * never changes it.
 */
import type { AgentEvent } from '../spec/events.ts';

export type RunObserver = (event: AgentEvent) => void;

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
