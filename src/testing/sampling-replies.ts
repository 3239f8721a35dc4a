/**
 * Ready-made steps for `connectScriptedClient`: a text reply, a reply with `tool_use` blocks, the
 * spec's user rejection, and a request that is never answered (to exercise timeouts and cancellation).
 */
import {
  ProtocolError,
  type CreateMessageResult,
  type CreateMessageResultWithTools,
} from '@modelcontextprotocol/client';

/** What a client answers to `sampling/createMessage`. */
export type SamplingReply = CreateMessageResult | CreateMessageResultWithTools;

/** The model name scripted replies report. */
export const scriptedModelName = 'scripted-llm';

/** A plain text answer, `stopReason: 'endTurn'`. */
export function sampledText(text: string, model: string = scriptedModelName): SamplingReply {
  return { role: 'assistant', model, stopReason: 'endTurn', content: { type: 'text', text } };
}

let useNumber = 0;

/** An answer made of `tool_use` blocks (spec 2025-11-25), after `text` when given; `stopReason: 'toolUse'`. */
export function sampledToolUse(
  calls: readonly { name: string; input: Record<string, unknown>; id?: string }[],
  text = '',
  model: string = scriptedModelName,
): SamplingReply {
  const blocks = calls.map((call) => ({
    type: 'tool_use' as const,
    id: call.id ?? `use_${++useNumber}`,
    name: call.name,
    input: call.input,
  }));
  return { role: 'assistant', model, stopReason: 'toolUse', content: text === '' ? blocks : [{ type: 'text', text }, ...blocks] };
}

/** A step that refuses the request the way the spec says a user does (JSON-RPC code -1). */
export function refuseRequest(message = 'User rejected sampling request'): () => never {
  return () => {
    throw new ProtocolError(-1, message);
  };
}

/** A step that never answers: it settles only when the server cancels the request (timeout or abort). */
export function neverAnswer(): (params: unknown, signal: AbortSignal) => Promise<never> {
  return (_params, signal) =>
    new Promise<never>((_resolve, reject) => {
      signal.addEventListener('abort', () => reject(signal.reason), { once: true });
    });
}
