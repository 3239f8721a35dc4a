/**
 * The caller's handlers (`envelope({ handlers })`) for the `script`, `http_request` and
 * `internal_function` actions, as call runners the loop runs like a tool call: the same approval, loop
 * check, timeout, events and records. Each is behind approval: its spec says it may change state,
 * so the default policy asks the human (none answering: refused); a policy may allow it.
 */
import type { ToolSpec } from '../../spec/decision.ts';
import { HANDLER_TYPES, type HandlerType } from '../envelope-schema.ts';
import type { ToolResult } from '../../tools/toolbox.ts';
import { withToolTimeout } from '../../tools/with-tool-timeout.ts';
import type { CallRunner } from '../turn-runner.ts';
import type { ActionHandler, ActionHandlers } from './envelope-options.ts';

function isToolResult(value: unknown): value is ToolResult {
  return typeof value === 'object' && value !== null && Array.isArray((value as ToolResult).content);
}

/** What a handler returned, as a tool result: text as text, a ToolResult as it is, anything else as JSON. */
export function handlerResult(value: unknown): ToolResult {
  if (isToolResult(value)) return value;
  if (typeof value === 'string') return { content: [{ type: 'text', text: value }] };
  if (value === undefined || value === null) return { content: [] };
  const text = JSON.stringify(value) ?? String(value);
  return typeof value === 'object' ? { content: [{ type: 'text', text }], structuredContent: value } : { content: [{ type: 'text', text }] };
}

/** The handler types the caller registered (a function under the type's name), in the seed's order. */
export function handlerTypes(handlers: ActionHandlers): HandlerType[] {
  return HANDLER_TYPES.filter((type) => typeof handlers[type] === 'function');
}

/** The spec the approval policy sees for one handler action. */
export function handlerSpec(type: HandlerType, action: string): ToolSpec {
  return {
    name: action,
    description: `${type} handler`,
    inputSchema: { type: 'object' },
    annotations: { title: `${type}: ${action}`, readOnlyHint: false, openWorldHint: type === 'http_request' },
    origin: { server: type, name: action },
  };
}

/**
 * The runner of one handler action. A type without a handler (the agent changed since the turn was
 * parsed, e.g. a resumed run) runs nothing: the call fails and the model is told.
 */
export function handlerRunner(type: HandlerType, action: string, handler: ActionHandler | undefined, state: Readonly<Record<string, unknown>>): CallRunner {
  if (typeof handler !== 'function') {
    return { spec: { name: action, inputSchema: { type: 'object' } }, handler: type, call: () => Promise.reject(new Error(`no ${type} handler is registered`)) };
  }
  return {
    spec: handlerSpec(type, action),
    handler: type,
    call: (args, options) =>
      withToolTimeout(async (signal) => handlerResult(await handler({ action, type, params: args }, { signal, state })), {
        toolName: action,
        signal: options.signal,
        timeoutMs: options.timeoutMs,
      }),
  };
}
