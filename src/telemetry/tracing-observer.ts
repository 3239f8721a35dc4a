/**
 * The OpenTelemetry observer at work, once `telemetryObserver` (telemetry-observer.ts) has loaded it
 * with @opentelemetry/api: one `RunTrace` per live run. When no tracer provider is registered (the
 * API's no-op tracer) or the run is not sampled, the run's first span does not record and the rest
 * of the run costs one map lookup per event.
 */
import { SpanKind, trace, type Tracer } from '@opentelemetry/api';
import packageJson from '../../package.json' with { type: 'json' };
import type { AgentEvent } from '../spec/events.ts';
import type { RunObserver } from '../loop/run-observer.ts';
import { ContentRecorder } from './content-recorder.ts';
import { RunTrace } from './run-trace.ts';
import { agentAttributes } from './span-attributes.ts';
import type { TelemetryOptions, TracedAgent } from './telemetry-options.ts';

/** `options.recordContent` is settled by the caller (the environment is read when the agent is made). */
export function tracingObserver(given: TracedAgent, options: TelemetryOptions & { recordContent: boolean }): Required<Pick<RunObserver, 'aroundToolCall'>> & RunObserver {
  const agent = options.agentName ? { ...given, agentName: options.agentName } : given;
  const content = new ContentRecorder(options.recordContent, options.secrets);
  const runs = new Map<string, RunTrace | null>();
  const tracer = (): Tracer => options.tracer ?? trace.getTracer('reins', packageJson.version);

  const start = (event: AgentEvent): RunTrace | null => {
    const chosen = tracer();
    const name = agent.agentName ? `invoke_agent ${agent.agentName}` : 'invoke_agent';
    const root = chosen.startSpan(name, { kind: SpanKind.INTERNAL, attributes: agentAttributes(agent, event.runId) });
    if (!root.isRecording()) {
      root.end();
      return null;
    }
    return new RunTrace(chosen, agent, content, root);
  };

  const observe = (event: AgentEvent): void => {
    let run = runs.get(event.runId);
    if (run === undefined) {
      // A run's spans begin with its first event; a failed setup ends a run that never started.
      if (event.type !== 'run-start' && event.type !== 'run-resume') return;
      run = start(event);
      runs.set(event.runId, run);
    }
    if (run === null) {
      if (event.type === 'run-end') runs.delete(event.runId);
      return;
    }
    if (run.observe(event)) runs.delete(event.runId);
  };
  // The tool runs with its `execute_tool` span as the active context (a run not traced: as it is).
  const aroundToolCall = <A extends unknown[], T>(runId: string, callId: string, call: (...args: A) => T, ...args: A): T => {
    const run = runs.get(runId);
    return run ? run.inToolCall(callId, call, args) : call(...args);
  };
  return Object.assign(observe, { aroundToolCall });
}
