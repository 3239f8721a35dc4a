/**
 * Turns a loop event into the record a store keeps, or `undefined` for events that are not kept
 * (streaming deltas, tool progress). Tool calls become `tool-call-start` / `tool-call-end`; errors
 * become plain `StoredError` objects.
 */
import type { AgentEvent } from '../../spec/events.ts';
import type { RecordInput, StoredError } from './run-record.ts';
import { describeThrown } from '../../errors/describe-thrown.ts';

/** The JSON-safe fields of an error: name, message, fault and its own structured fields. */
export function storedError(error: unknown): StoredError {
  try {
    if (!(error instanceof Error)) return { name: 'Error', message: describeThrown(error) };
    const fields: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(error)) {
      if (name !== 'cause' && name !== 'stack' && typeof value !== 'function') fields[name] = value;
    }
    const fault = (error as { fault?: unknown }).fault;
    return { ...fields, name: String(error.name), message: describeThrown(error), ...(typeof fault === 'string' ? { fault } : {}) };
  } catch {
    // Whatever was thrown (a Proxy whose reads throw): its text, never a failed record.
    return { name: 'Error', message: describeThrown(error) };
  }
}

export function recordFromEvent(event: AgentEvent): RecordInput | undefined {
  const { runId: _runId, ...body } = event;
  switch (body.type) {
    case 'decision-delta':
    case 'tool-progress':
      return undefined;
    case 'tool-call':
      return { type: 'tool-call-start', step: body.step, callId: body.callId, tool: body.tool, args: body.args, ...(body.handler ? { handler: body.handler } : {}) };
    case 'tool-result':
      return {
        type: 'tool-call-end',
        step: body.step,
        callId: body.callId,
        tool: body.tool,
        outcome: 'result',
        result: body.result,
        observation: body.observation,
        durationMs: body.durationMs,
      };
    case 'tool-error':
      return {
        type: 'tool-call-end',
        step: body.step,
        callId: body.callId,
        tool: body.tool,
        outcome: 'error',
        error: storedError(body.error),
        observation: body.observation,
      };
    case 'model-retry':
      return { type: 'model-retry', step: body.step, attempt: body.attempt, delayMs: body.delayMs, error: storedError(body.error) };
    case 'run-end':
      return {
        type: 'run-end',
        step: body.step,
        status: body.status,
        usage: body.usage,
        ...(body.error ? { error: storedError(body.error) } : {}),
      };
    default:
      return body;
  }
}
