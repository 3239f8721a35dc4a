/**
 * The OpenTelemetry observer of an agent's runs (a `RunObserver`, see src/loop/run-observer.ts).
 * @opentelemetry/api and the span builder (`tracing-observer.ts`) load on demand, so importing reins
 * costs neither: `ready()` loads them, and the loop awaits it before a run's first event, so a
 * traced run sees the same events at the same moments as if they were loaded from the start.
 * Events given before it is ready (the observer used on its own) wait, in order, and are traced
 * once it is; if the API cannot be loaded, runs go untraced (watching a run never changes it).
 */
import type { AgentEvent } from '../spec/events.ts';
import type { RunObserver } from '../loop/run-observer.ts';
import type { TelemetryOptions, TracedAgent } from './telemetry-options.ts';

const CONTENT_VARIABLE = 'OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT';

/** A RunObserver that writes a run as OpenTelemetry spans (GenAI conventions); `createAgent` adds it unless `telemetry: false`. */
export function telemetryObserver(agent: TracedAgent, options: TelemetryOptions = {}): RunObserver {
  // Settled now, when the agent is made, not when the API has loaded: the environment, the secrets given.
  const { secrets } = options;
  const settled = {
    ...options,
    recordContent: options.recordContent ?? contentFromEnvironment(),
    secrets: secrets && isIterable(secrets) ? [...secrets] : secrets,
  };
  let live: RunObserver | undefined;
  const waiting: AgentEvent[] = [];
  let loading: Promise<void> | undefined;

  const ready = (): Promise<void> =>
    (loading ??= import('./tracing-observer.ts').then(
      ({ tracingObserver }) => start(tracingObserver(agent, settled)),
      () => start(() => undefined),
    ));

  const start = (observer: RunObserver): void => {
    live = observer;
    for (const event of waiting.splice(0)) {
      try {
        observer(event);
      } catch {
        // As for any observer: its failure is its own.
      }
    }
  };

  const observe = (event: AgentEvent): void => {
    if (live) return live(event);
    waiting.push(event);
    void ready();
  };
  // A tool call runs inside the run's `execute_tool` span once the span builder is loaded.
  const aroundToolCall = <A extends unknown[], T>(runId: string, callId: string, call: (...args: A) => T, ...args: A): T =>
    live?.aroundToolCall ? live.aroundToolCall(runId, callId, call, ...args) : call(...args);
  return Object.assign(observe, { ready, aroundToolCall });
}

const isIterable = (value: object): value is Iterable<string> => Symbol.iterator in value;

function contentFromEnvironment(): boolean {
  return globalThis.process?.env?.[CONTENT_VARIABLE]?.toLowerCase() === 'true';
}
