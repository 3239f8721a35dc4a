/**
 * The public types of `reins/server` (seed 001): sample configs, results and tool definitions.
 * Each `sample` variant has its own config and result type, so TypeScript overloads give every call
 * its exact result.
 */
import type { ModelPreferences, Root } from '@modelcontextprotocol/server';
import type { JsonSchema } from '../spec/decision.ts';
import type { ModelMessage } from '../spec/model.ts';
import type { StandardSchemaLike } from '../tools/tool-input-schema.ts';

/**
 * A conversation message: reins' model message. Tool calls ride on assistant messages
 * (`toolCalls`) and every call is answered by a `tool` message with the same `toolCallId`.
 */
export type SampleMessage = ModelMessage;

/** A tool result in reins' shape whose `toolName` may be left out: it is read from the matching call. */
export interface SampleToolResultMessage {
  role: 'tool';
  toolCallId: string;
  /** @default the name of the assistant tool call with id `toolCallId` */
  toolName?: string;
  content: string;
  isError?: boolean;
}

/** A tool call in the OpenAI chat shape (seed 001's L2 example). `arguments` is an object or a JSON string. */
export interface OpenAiToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: Record<string, unknown> | string };
}

/** An assistant turn in the OpenAI chat shape: `tool_calls`, and `content` that may be absent or null. */
export interface OpenAiAssistantMessage {
  role: 'assistant';
  /** @default '' */
  content?: string | null;
  tool_calls: OpenAiToolCall[];
}

/** A tool result in the OpenAI chat shape; its tool's name is read from the matching call. */
export interface OpenAiToolMessage {
  role: 'tool';
  tool_call_id: string;
  content: string;
}

/**
 * What `messages` accepts: reins messages (`toolCalls` / `toolCallId`), or the OpenAI chat shape of
 * seed 001's example (`tool_calls` / `tool_call_id`), mixed freely. Results always carry reins messages.
 */
export type SampleInputMessage =
  | Exclude<SampleMessage, { role: 'tool' }>
  | SampleToolResultMessage
  | OpenAiAssistantMessage
  | OpenAiToolMessage;

/** How the helpers reach a model; see `samplingContext` for the automatic choice. */
export type SamplingBackendName = 'mcp-tools' | 'mcp-text' | 'model';

export type SamplingToolChoice = 'auto' | 'required' | 'none';

/** A tool the sampled model may call (seed 001 `ToolDefinition`). */
export interface SamplingToolDefinition<
  Name extends string = string,
  Input extends StandardSchemaLike | JsonSchema = StandardSchemaLike | JsonSchema,
> {
  name: Name;
  description?: string;
  /** A Zod object, any Standard Schema exposing a JSON Schema, or a plain JSON Schema object. */
  inputSchema: Input;
}

/** A tool call the model made (seed 001 `ToolCall`). */
export interface SampleToolCall<Name extends string = string, Args = Record<string, unknown>> {
  id: string;
  name: Name;
  arguments: Args;
}

type OutputOf<Input> = Input extends StandardSchemaLike<infer Output> ? Output : Record<string, unknown>;

/** The tool calls `tools` can produce, as a union discriminated by `name`, with unvalidated arguments. */
export type RawToolCallOf<Tools extends readonly SamplingToolDefinition[]> = SampleToolCall<Tools[number]['name']>;

/** The tool calls `tools` can produce, arguments typed by each tool's schema (validated by `sampleTools`). */
export type ValidToolCallOf<Tools extends readonly SamplingToolDefinition[]> = {
  [K in keyof Tools]: Tools[K] extends SamplingToolDefinition<infer Name, infer Input>
    ? SampleToolCall<Name, OutputOf<Input>>
    : never;
}[number];

/** Options every variant shares. */
export interface SampleOptionsBase {
  /** The system prompt; the text backends append their tool and schema rules to it. @default none */
  systemPrompt?: string;
  /** Upper bound on the reply's tokens. @default 1024 (samplingContext's `maxTokens`) */
  maxTokens?: number;
  /** MCP model preferences (hints, cost/speed/intelligence priorities), passed to the client; the `model` backend ignores them. @default none */
  modelPreferences?: ModelPreferences;
  /** Sampling temperature, passed to the client or Model. @default none (the client's or model's own) */
  temperature?: number;
  /** Aborts the request. @default the tool call's own signal */
  signal?: AbortSignal;
}

/** Either one user `prompt` or a whole `messages` history. */
export type SampleInput = { prompt: string; messages?: never } | { messages: readonly SampleInputMessage[]; prompt?: never };

export type SampleConfigPlain = SampleOptionsBase &
  SampleInput & { schema?: never; jsonSchema?: never; tools?: never; toolChoice?: never };

/**
 * The `schema` of a config typed either way: by the schema (`SampleSchemaConfig<typeof MoveSchema>`,
 * reins) or by the parsed value (`SampleSchemaConfig<{ cell: number }>`, seed 001's `z.ZodType<T>`).
 */
export type SchemaFor<T> = T extends StandardSchemaLike ? T : StandardSchemaLike<T>;

export type SampleConfigWithSchema<T> = SampleOptionsBase &
  SampleInput & {
    /** What the reply must be: a Zod schema or any Standard Schema. */
    schema: SchemaFor<T>;
    /**
     * The JSON Schema to show the model, for a Standard Schema that exposes none; when given it is
     * used as is (validation always uses `schema`).
     * @default the schema's own: `z.toJSONSchema` for Zod, `~standard.jsonSchema` for others
     */
    jsonSchema?: JsonSchema;
    tools?: never;
    toolChoice?: never;
  };

export type SampleConfigWithTools<Tools extends readonly SamplingToolDefinition[]> = SampleOptionsBase &
  SampleInput & {
    tools: Tools;
    /** @default 'auto' */
    toolChoice?: SamplingToolChoice;
    schema?: never;
    jsonSchema?: never;
  };

export interface SampleResult {
  text: string;
  /** The model that answered, as the client (or Model) reports it. */
  model: string;
  /** `endTurn`, `maxTokens`, `toolUse`, `stopSequence` or a client-specific string. */
  stopReason?: string;
  /**
   * The history sent (as reins messages) plus the reply, and any corrective turns of the guaranteed
   * helpers. Balanced: it can be sent again as is, except that a result with `toolCalls` ends with
   * those calls, which the author answers with `tool` messages first (seed 001's multi-turn flow).
   * Calls the model makes beside a requested schema are dropped from the reply turn.
   */
  messages: SampleMessage[];
  /** The backend that served the request. */
  backend: SamplingBackendName;
}

export type SampleParseError = { message: string; rawText: string };

export type SampleResultWithParsed<T> = SampleResult &
  ({ parsed: T; parseError?: undefined } | { parsed: null; parseError: SampleParseError });

export type SampleResultWithToolCalls<Call extends SampleToolCall = SampleToolCall> = SampleResult & {
  /**
   * The calls as the model gave them, on every backend: arguments are NOT validated against the
   * tools' schemas (use `sampleTools` for that). With the text backends (`mcp-text`, a Model without
   * native tools) a call is read from the reply text; text that names no offered tool, or that holds
   * no readable call, gives no call.
   */
  toolCalls: Call[];
};

/** Guaranteed-helper options. */
export interface RetryOptions {
  /** Corrective attempts after the first one. @default 2 */
  retries?: number;
}

export type SampleSchemaConfig<T> = SampleOptionsBase &
  SampleInput &
  RetryOptions & {
    schema: SchemaFor<T>;
    /** As in `sample`. @default the schema's own JSON Schema */
    jsonSchema?: JsonSchema;
    tools?: never;
    toolChoice?: never;
  };

export type SampleToolsConfig<Tools extends readonly SamplingToolDefinition[]> = SampleOptionsBase &
  SampleInput &
  RetryOptions & {
    tools: Tools;
    /** `none` is refused: it contradicts a guaranteed call. @default 'required' */
    toolChoice?: 'auto' | 'required';
    schema?: never;
    jsonSchema?: never;
  };

export type SampleSchemaResult<T> = SampleResult & {
  parsed: T;
  /** Requests made, the first one included. */
  attempts: number;
};

export type SampleToolsResult<Call extends SampleToolCall<string, unknown> = SampleToolCall> = SampleResult & {
  stopReason: 'toolUse';
  toolCalls: [Call, ...Call[]];
  attempts: number;
};

export type ElicitResultOf<T> = { action: 'accept'; content: T } | { action: 'decline' } | { action: 'cancel' };

/** Options of `SamplingContext.elicit`. */
export interface ElicitCallOptions {
  /** Aborts the request. @default the tool call's own signal */
  signal?: AbortSignal;
  /** `_meta` of the elicitation request (e.g. the context of a keyed `ctx.elicit`). @default none */
  meta?: Record<string, unknown>;
  /**
   * On MCP 2026-07-28 (inside a `RoundTrips` tool), the request's key in `inputRequests`, under which
   * the client answers. @default `r<n>`, the request's position in the call
   */
  inputKey?: string;
}

type InferOutput<Schema> = Schema extends StandardSchemaLike<infer Output> ? Output : never;

/** What a tool handler gets from `samplingContext(...)`. */
export interface SamplingContext {
  /** The backend the helpers use (automatic unless overridden); undefined when none is available. */
  readonly backend: SamplingBackendName | undefined;
  sample<const Tools extends readonly SamplingToolDefinition[]>(
    config: SampleConfigWithTools<Tools>,
  ): Promise<SampleResultWithToolCalls<RawToolCallOf<Tools>>>;
  sample<Schema extends StandardSchemaLike>(
    config: SampleConfigWithSchema<Schema>,
  ): Promise<SampleResultWithParsed<InferOutput<Schema>>>;
  sample(config: SampleConfigPlain): Promise<SampleResult>;
  /** A reply that validates against `schema`, retried with corrections; throws `SampleValidationError`. */
  sampleSchema<Schema extends StandardSchemaLike>(
    config: SampleSchemaConfig<Schema>,
  ): Promise<SampleSchemaResult<InferOutput<Schema>>>;
  /** At least one valid tool call, retried with corrections; throws `SampleValidationError`. */
  sampleTools<const Tools extends readonly SamplingToolDefinition[]>(
    config: SampleToolsConfig<Tools>,
  ): Promise<SampleToolsResult<ValidToolCallOf<Tools>>>;
  /**
   * Asks the user through MCP form elicitation; the schema must be a flat Zod object. A request the
   * client refuses, lets time out or cannot serve throws `SamplingRequestError`.
   */
  elicit<Schema extends StandardSchemaLike<Record<string, unknown>>>(
    message: string,
    schema: Schema,
    options?: ElicitCallOptions,
  ): Promise<ElicitResultOf<InferOutput<Schema>>>;
  /**
   * The client's roots (`roots/list`): pushed on a 2025-era request, one `input_required` entry on
   * 2026-07-28 (refused with -32021 when the request does not declare `roots`). `inputKey` as for `elicit`.
   */
  listRoots(options?: Pick<ElicitCallOptions, 'signal' | 'inputKey'>): Promise<Root[]>;
}
