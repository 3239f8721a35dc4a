/**
 * Run observers: functions the loop calls synchronously with each event at the moment it is
 * emitted (before it is stored or reaches the run's iterator), so their clocks see the loop's
 * timing. Telemetry (`src/telemetry`) is one. An observer that throws is ignored: watching a run
 * never changes it.
 */
import type { AgentEvent } from '../spec/events.ts';

/** Sees every event of a run (telemetry is one); may wrap each tool call in a scope of its own (`aroundToolCall`). */
export interface RunObserver {
  (event: AgentEvent): void;
  /**
   * Loads what the observer needs (a library imported on demand, as telemetry does); the loop
   * awaits it before each run's first event. A failing `ready` is ignored, like a throwing observer.
   * @default undefined (ready at once)
   */
  ready?: () => Promise<void>;
  /**
   * Runs a tool call (`call(...args)`) inside the observer's scope, right after the call's
   * `tool-call` event: telemetry makes the call's `execute_tool` span the active context there,
   * so a tool's own instrumentation nests under it. It must call `call` once and return its result.
   * @default undefined (the call runs as it is)
   */
  aroundToolCall?: <A extends unknown[], T>(runId: string, callId: string, call: (...args: A) => T, ...args: A) => T;
}

/** Runs `call(...args)` for the tool call `callId` inside the scopes of a run's observers. */
export type ToolScope = <A extends unknown[], T>(callId: string, call: (...args: A) => T, ...args: A) => T;

/**
 * The scope of a run's tool calls: its observers' `aroundToolCall`, nested in their order;
 * `undefined` when none has one (most runs: the call is then made directly).
 */
export function toolScopeOf(observers: readonly RunObserver[], runId: string): ToolScope | undefined {
  const arounds = observers.flatMap((observer) => (observer.aroundToolCall ? [observer.aroundToolCall] : []));
  if (arounds.length === 0) return undefined;
  const [only] = arounds;
  if (arounds.length === 1 && only) return (callId, call, ...args) => only(runId, callId, call, ...args);
  const scoped = <A extends unknown[], T>(index: number, callId: string, call: (...args: A) => T, args: A): T => {
    const around = arounds[index];
    if (around === undefined) return call(...args);
    return around(runId, callId, (...inner: A) => scoped(index + 1, callId, call, inner), ...args);
  };
  return (callId, call, ...args) => scoped(0, callId, call, args);
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
