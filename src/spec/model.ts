/**
 * The Model spec: the one small interface reins owns for talking to an LLM (DESIGN §6).
 * The loop imports only this file, never a concrete adapter. No runtime dependencies.
 */
import type { JsonSchema, ToolSpec } from './decision.ts';

/** One tool call as a provider returns it natively. */
export interface ModelToolCall {
  /** Provider-assigned id, used to pair the call with its result. */
  id: string;
  name: string;
  /**
   * Parsed arguments, or the raw string when the provider's JSON is not one object read as written:
   * unparseable, or a key written twice in one object (whose last value `JSON.parse` would keep silently).
   */
  arguments: Record<string, unknown> | string;
}

/** One message of a model request's history: system, user, assistant (text and tool calls) or tool. */
export type ModelMessage =
  | { role: 'user'; content: string }
  | { role: 'assistant'; content: string; toolCalls?: ModelToolCall[] }
  | { role: 'tool'; toolCallId: string; toolName: string; content: string; isError?: boolean };

/** `auto`: the model may call a tool; `required`: it must; `none`: it must not; `{ tool }`: it must call that one. */
export type ToolChoice = 'auto' | 'required' | 'none' | { tool: string };

/**
 * The shape of a valid reply, for models that can constrain sampling (the embedded `llama:` model
 * compiles it to a grammar; providers ignore it). Built by the protocol from the tools.
 */
export type OutputPattern =
  | { kind: 'literal'; text: string }
  /** One JSON value valid by `schema` (what a grammar cannot express is loosened, see docs/local-models.md). */
  | { kind: 'json'; schema: JsonSchema; singleLine?: boolean }
  /** Free text of at least `minLength` characters, none of them in `exclude`. */
  | { kind: 'text'; exclude?: string; minLength?: number }
  | { kind: 'sequence'; items: OutputPattern[] }
  | { kind: 'choice'; options: OutputPattern[] }
  | { kind: 'optional'; item: OutputPattern };

export interface OutputConstraint {
  /** The whole reply matches this pattern. */
  pattern: OutputPattern;
}

/** What the loop sends a Model for one turn. */
export interface ModelRequest {
  /**
   * System prompt (protocol instructions, tool list, server instructions).
   * @default undefined (no system message is sent)
   */
  system?: string;
  messages: ModelMessage[];
  /**
   * Tools offered natively (only for the `native` protocol and sampling with tools).
   * @default undefined (no tools on the wire)
   */
  tools?: ToolSpec[];
  /** @default 'auto' when tools are given */
  toolChoice?: ToolChoice;
  /**
   * Ask for JSON matching this schema, through the provider's native mechanism.
   * @default undefined (free text)
   */
  responseSchema?: JsonSchema;
  /**
   * The shape every valid reply has (a protocol's decision grammar). Models that cannot constrain
   * sampling ignore it; so does a model when the pattern cannot become a grammar.
   * @default undefined (unconstrained)
   */
  constraint?: OutputConstraint;
  /**
   * Upper bound on output tokens.
   * @default undefined (the provider's own limit)
   */
  maxTokens?: number;
  /**
   * Sampling temperature.
   * @default undefined (the provider's default)
   */
  temperature?: number;
  /**
   * Use the provider's prompt cache for this conversation, named by this key (the loop gives the
   * run id): the stable prefix and the newest message are marked as cache breakpoints where the
   * provider takes them (Anthropic, Bedrock), the key is sent where it takes one (OpenAI's
   * `prompt_cache_key`), and a `llama:` model keeps the conversation's evaluated prefix in a
   * context sequence of its own.
   * @default undefined (no cache markers, no key)
   */
  promptCacheKey?: string;
  /**
   * Aborts the call: the HTTP request is cancelled and the call rejects with the signal's reason.
   * @default undefined
   */
  signal?: AbortSignal;
}

/**
 * Tokens of one model call (or summed over several). The optional fields are absent where the
 * provider did not report them; `estimated` marks figures reins counted itself.
 */
export interface Usage {
  /** Input (prompt) tokens, those read from or written to a prompt cache included. */
  inputTokens: number;
  /** Output tokens, reasoning included. */
  outputTokens: number;
  /**
   * Of `inputTokens`, those read from the provider's prompt cache (billed at a discount); for a
   * `llama:` model, the prompt tokens kept in its context from the turn before and not evaluated again.
   */
  cacheReadTokens?: number;
  /** Of `inputTokens`, those written to the provider's prompt cache (Anthropic bills them at 1.25x). */
  cacheWriteTokens?: number;
  /** Of `outputTokens`, those spent on reasoning. */
  reasoningTokens?: number;
  /**
   * True when (part of) these figures were counted by reins (about 4 characters a token), not
   * reported by the provider: a stream stopped, or cut, before the provider reported usage.
   */
  estimated?: true;
}

/** Why the model stopped producing its reply. */
export type FinishReason = 'stop' | 'length' | 'tool-calls' | 'content-filter' | 'error' | 'other';

/** A model's whole reply to one request. */
export interface ModelResponse {
  text: string;
  toolCalls: ModelToolCall[];
  finishReason: FinishReason;
  usage: Usage;
  /** The model that answered, as the provider reports it. */
  modelId: string;
  /** The provider's id of this response (`chatcmpl-...`, `msg_...`), when it gives one. */
  responseId?: string;
}

/** One part of a streamed reply: text as it comes, a tool call, then the finish. */
export type ModelStreamPart =
  | { type: 'text-delta'; text: string }
  | { type: 'tool-call'; toolCall: ModelToolCall }
  | { type: 'finish'; finishReason: FinishReason; usage: Usage; modelId?: string; responseId?: string };

/** The model spec every adapter implements (`fromAiSdk`, `resolveModel`, `LlamaModel`, the test doubles). */
export interface Model {
  /** e.g. `openai`, `anthropic`, `ollama`, `scripted`. */
  readonly provider: string;
  readonly modelId: string;
  /** True when the model supports native tool calling (decides `protocol: 'auto'`). */
  readonly supportsTools: boolean;
  /**
   * Where the model is called (the base URL, without credentials), for telemetry's
   * `server.address` / `server.port`.
   * @default undefined (in process, or not said)
   */
  readonly endpoint?: string;
  /**
   * Output tokens per turn when the caller sets no `maxOutputTokens`: a local model's, from its
   * context size (`llama:`), so a reply that never ends cannot run for ever.
   * @default undefined (the loop's default, 4 096 tokens per turn)
   */
  readonly defaultMaxOutputTokens?: number;
  /** One complete model turn. Throws a `ModelCallError` on transport/API failure. */
  generate(request: ModelRequest): Promise<ModelResponse>;
  /**
   * The same turn as a stream. Optional: the loop falls back to `generate`.
   * Breaking out of the iteration (or aborting `request.signal`) must stop the underlying request.
   */
  stream?(request: ModelRequest): AsyncIterable<ModelStreamPart>;
}

export const emptyUsage = (): Usage => ({ inputTokens: 0, outputTokens: 0 });

/** The sum of two usages: a detail is kept where either reports it, `estimated` where either is. */
export function addUsage(a: Usage, b: Usage): Usage {
  const sum: Usage = { inputTokens: a.inputTokens + b.inputTokens, outputTokens: a.outputTokens + b.outputTokens };
  if (a.cacheReadTokens !== undefined || b.cacheReadTokens !== undefined) sum.cacheReadTokens = (a.cacheReadTokens ?? 0) + (b.cacheReadTokens ?? 0);
  if (a.cacheWriteTokens !== undefined || b.cacheWriteTokens !== undefined) sum.cacheWriteTokens = (a.cacheWriteTokens ?? 0) + (b.cacheWriteTokens ?? 0);
  if (a.reasoningTokens !== undefined || b.reasoningTokens !== undefined) sum.reasoningTokens = (a.reasoningTokens ?? 0) + (b.reasoningTokens ?? 0);
  if (a.estimated || b.estimated) sum.estimated = true;
  return sum;
}
