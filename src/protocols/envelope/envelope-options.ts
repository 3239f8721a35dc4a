/**
 * The options of the envelope protocol (`envelope({ state, handlers, fileRoots })`): what its
 * actions may reach beyond the toolbox and the human.
 */
import type { HandlerType } from '../envelope-schema.ts';

/**
 * Runs one envelope action of a handler type (`script`, `http_request`, `internal_function`).
 * Returns text, a ToolResult, or any JSON value (shown to the model as JSON); a throw fails the action.
 */
export type ActionHandler = (
  action: { action: string; type: HandlerType; params: Record<string, unknown> },
  context: { signal: AbortSignal; state: Readonly<Record<string, unknown>> },
) => unknown;

/** The handlers the caller registers, one per envelope action type. */
export type ActionHandlers = Partial<Record<HandlerType, ActionHandler>>;

/** What `envelope({...})` takes: the run values its `$(...)` variables name, action handlers, the folders files may be sent from. */
export interface EnvelopeOptions {
  /**
   * Values the model may name as `$(state.<name>)` (in a `send_response`, `final_response`, a
   * question, a reason or a tool's string params), and that handlers receive.
   * @default {} (no state variables)
   */
  state?: Readonly<Record<string, unknown>>;
  /**
   * Handlers for the `script`, `http_request` and `internal_function` action types. None by
   * default: an action of a type without a handler is corrected, naming the types on offer. Each
   * handler action goes through the agent's `approval` (the default policy asks the user; without
   * one it is refused).
   * @example handlers: { script: async ({ action, params }) => runScript(action, params) }
   * @default {} (no handler types on offer)
   */
  handlers?: ActionHandlers;
  /**
   * Folders a `send_response` may read a `file_path` from (symbolic links resolved; anything outside
   * is refused). Each read goes through `approval` as a read-only tool named `send_response`.
   * @default [] (no file may be sent)
   */
  fileRoots?: readonly string[];
}
