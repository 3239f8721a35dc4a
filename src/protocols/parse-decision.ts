/**
 * `parseDecision(protocol, text, { tools })` (DESIGN §3): parse one model turn with the named codec.
 * Returns a result and never throws for any text; an unknown protocol name, or a tool whose input
 * schema cannot be used, throws `ConfigError`: the caller's mistake is not the model's.
 */
import type { ToolSpec } from '../spec/decision.ts';
import type { ModelToolCall } from '../spec/model.ts';
import type { KnownVariables, ParseResult, ProtocolName } from './codec.ts';
import { getCodec } from './get-codec.ts';
import { checkInputSchema } from '../tools/define-tool.ts';

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

/** Reads one model reply in a protocol, as an agent would: the decision(s), or why the reply was refused (never throws on model text). */
export function parseDecision(protocol: ProtocolName, text: string, options: ParseDecisionOptions): ParseResult {
  const codec = getCodec(protocol);
  // Compiled once per schema object; type aliases (`str`, `dict`) are read as the types they mean.
  for (const tool of Array.isArray(options?.tools) ? options.tools : []) checkInputSchema(tool);
  return codec.parse(text, options);
}
