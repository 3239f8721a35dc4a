/**
 * `parseDecision(protocol, text, { tools })` (DESIGN §3): parse one model turn with the named codec.
 * Returns a result and never throws for any text; an unknown protocol name throws `ConfigError`.
 */
import type { ToolSpec } from '../spec/decision.ts';
import type { ModelToolCall } from '../spec/model.ts';
import type { KnownVariables, ParseResult, ProtocolName } from './codec.ts';
import { getCodec } from './get-codec.ts';

export interface ParseDecisionOptions {
  /** The tools the model may call (MCP tool shape). */
  tools: readonly ToolSpec[];
  /** Native tool calls returned with the text (`native`; other protocols accept them as drift too). */
  toolCalls?: readonly ModelToolCall[];
  /** Maximum actions in one turn. @default the protocol's `defaultMaxActions` (8 for `envelope`), else 1 */
  maxActions?: number;
  /** Envelope: handler types on offer (`script`, `http_request`, `internal_function`). @default [] */
  handlers?: readonly string[];
  /** Envelope: the `$(...)` variables known now. @default undefined (only their form is checked) */
  variables?: KnownVariables;
}

export function parseDecision(protocol: ProtocolName, text: string, options: ParseDecisionOptions): ParseResult {
  return getCodec(protocol).parse(text, options);
}
