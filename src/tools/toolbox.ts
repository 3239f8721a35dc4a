/**
 * The Toolbox spec: local tools and MCP tools behind one interface (DESIGN §2).
 * Results use MCP's content shape so MCP results pass through untouched.
 */
import type { ToolSpec } from '../spec/decision.ts';
import type { ToolNotice } from './tool-notice.ts';

/** One content block of a tool result, in MCP's shapes. */
export type ToolContent =
  | { type: 'text'; text: string }
  | { type: 'image'; data: string; mimeType: string }
  | { type: 'audio'; data: string; mimeType: string }
  | { type: 'resource_link'; uri: string; name?: string; mimeType?: string; description?: string }
  | { type: 'resource'; resource: { uri: string; mimeType?: string; text?: string; blob?: string } };

/** What a tool call returns, in MCP's shape (`isError` for a failure the model should read). */
export interface ToolResult {
  content: ToolContent[];
  structuredContent?: unknown;
  /** The tool ran and reports failure; the model sees it and may correct. */
  isError?: boolean;
}

/** A progress report of a running tool (shown by the CLI's trace, sent as an event). */
export interface ToolProgress {
  progress: number;
  total?: number;
  message?: string;
}

/** What a toolbox receives with each call: the signal, a timeout, a progress listener, an idempotency key. */
export interface ToolCallOptions {
  /** Aborting abandons the call; the call rejects with the signal's reason. @default undefined (not cancellable) */
  signal?: AbortSignal;
  /** Milliseconds before the call is abandoned with a `ToolTimeoutError` (a tool's own timeout wins). @default undefined (no limit) */
  timeoutMs?: number;
  /** Receives the tool's progress reports. @default undefined (progress is dropped) */
  onProgress?: (progress: ToolProgress) => void;
  /**
   * The same for every attempt of this one call (a durable run: workflow id + step number), so a
   * tool can apply its effect at most once. Local tools get it in their context, MCP tools in the
   * request's `_meta` (`io.reins/idempotency-key`). @default undefined (no key)
   */
  idempotencyKey?: string;
}

/** The `_meta` key of an MCP `tools/call` request that carries the call's idempotency key. */
export const IDEMPOTENCY_KEY_META = 'io.reins/idempotency-key';

/** The tool spec of a run: lists tools and calls them (`LocalToolbox`, MCP's toolbox, `mergeToolboxes`). */
export interface Toolbox {
  /** The tools the model may call now (names unique within the box). */
  list(): ToolSpec[];
  /**
   * Runs one tool with arguments already validated against its input schema.
   * Resolves with the result (possibly `isError`); rejects with a `ToolExecutionError`/`ToolTimeoutError`
   * when the tool could not produce a result.
   */
  call(name: string, args: Record<string, unknown>, options?: ToolCallOptions): Promise<ToolResult>;
  /** Extra text for the system prompt (MCP servers' `instructions`). */
  instructions?(): string[];
  /** Tools this box renamed or withheld, and why (reserved or colliding names, unusable schemas). */
  notices?(): ToolNotice[];
  /** Subscribes to tool list changes; returns an unsubscribe function. */
  onChange?(listener: () => void): () => void;
  close?(): Promise<void>;
}

/** A result of one text block. */
export function textResult(text: string): ToolResult {
  return { content: [{ type: 'text', text }] };
}

/** A result of one text block marked as an error (`isError`): the model sees the tool failed. */
export function errorResult(text: string): ToolResult {
  return { content: [{ type: 'text', text }], isError: true };
}
