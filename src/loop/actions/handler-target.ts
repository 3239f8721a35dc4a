/**
 * The caller's handlers (`createAgent({ handlers })`) for the envelope's `script`, `http_request`
 * and `internal_function` actions, as a call target of `executeToolCall`: the same approval, loop
 * check, timeout, events and records as a tool call. Each is behind approval: its spec says it may
 * change state, so the default policy asks the human (none answering: refused); a policy may allow it.
 */
import type { ToolSpec } from '../../spec/decision.ts';
import { HANDLER_TYPES, type HandlerType } from '../../protocols/envelope-schema.ts';
import type { ToolResult } from '../../tools/toolbox.ts';
import { withToolTimeout } from '../../tools/with-tool-timeout.ts';
import type { ActionHandler, ActionHandlers } from '../agent-options.ts';
import type { CallTarget } from './call-target-spec.ts';

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

/** The handler types the caller registered (a function under the type's name). */
export function handlerTypes(handlers: ActionHandlers): HandlerType[] {
  const known = frozenHandlerTypes.get(handlers);
  if (known) return known;
  let types: HandlerType[] | undefined;
  for (const type of HANDLER_TYPES) if (typeof handlers[type] === 'function') (types ??= []).push(type);
  // Most agents register no handler: one shared frozen empty list, no list or cache entry per agent.
  if (!types) return noHandlerTypes;
  // A frozen handlers object (an agent's own copy) cannot change: its types are read once, shared and frozen.
  if (Object.isFrozen(handlers)) frozenHandlerTypes.set(handlers, Object.freeze(types) as HandlerType[]);
  return types;
}

const frozenHandlerTypes = new WeakMap<ActionHandlers, HandlerType[]>();
const noHandlerTypes = Object.freeze([]) as unknown as HandlerType[];

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

export function handlerTarget(
  type: HandlerType,
  action: string,
  handler: ActionHandler,
  state: Readonly<Record<string, unknown>>,
): CallTarget {
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
