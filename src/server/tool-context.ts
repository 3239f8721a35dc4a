/**
 * The seed's tool context (seed 001 `McpToolContext`): the SDK's own `ServerContext` of a tool call,
 * plus `sample` / `sampleSchema` / `sampleTools` / `elicit` on the context itself. `withSampling`
 * builds it; this file holds its types and the seed's type names.
 */
import type { ServerContext } from '@modelcontextprotocol/server';
import type { StandardSchemaLike } from '../tools/tool-input-schema.ts';
import type {
  ElicitCallOptions,
  ElicitResultOf,
  SampleInputMessage,
  SampleOptionsBase,
  SampleResult,
  SampleSchemaConfig,
  SampleToolCall,
  SampleToolsConfig,
  SamplingContext,
  SamplingToolDefinition,
} from './types.ts';

/**
 * One keyed elicitation a tool declares (the seed's `ctx.elicit('pickMove', { board })`): the form the
 * user fills in (`response`, a flat Zod object) and how the call's context becomes the form's message.
 */
export interface ElicitDefinition<
  Response extends StandardSchemaLike<Record<string, unknown>> = StandardSchemaLike<Record<string, unknown>>,
  Context extends Record<string, unknown> = Record<string, unknown>,
> {
  /** The form: a flat Zod object (MCP form elicitation); accepted content is validated by it. */
  response: Response;
  /**
   * The message shown with the form, from the context the tool passes.
   * @default the context's own `message` when it is a string, else the key
   */
  message?: string | ((context: Context) => string);
}

/** The keyed elicitations of a tool, by key. */
export type ElicitDefinitions = Record<string, ElicitDefinition<any, any>>;

type ResponseOf<Definition> = Definition extends ElicitDefinition<infer Response, any>
  ? Response extends StandardSchemaLike<infer Output>
    ? Output
    : never
  : never;

type ContextOf<Definition> = Definition extends ElicitDefinition<any, infer Context> ? Context : Record<string, unknown>;

/** What a `withSampling` handler gets: the SDK context plus the seed's helpers, bound to this tool call. */
export type McpToolContext<Elicits extends ElicitDefinitions = ElicitDefinitions> = ServerContext &
  Omit<SamplingContext, 'elicit'> & {
    /**
     * The seed's keyed form: `ctx.elicit('pickMove', { board })` asks with the `pickMove` form the tool
     * declared in `elicits`; the context is sent along (in the request's `_meta`) and shapes the message.
     */
    elicit<Key extends keyof Elicits & string>(
      key: Key,
      context: ContextOf<Elicits[Key]>,
      options?: ElicitCallOptions,
    ): Promise<ElicitResultOf<ResponseOf<Elicits[Key]>>>;
    /** reins' direct form: a message and a flat Zod object, as `samplingContext(...).elicit`. */
    elicit<Schema extends StandardSchemaLike<Record<string, unknown>>>(
      message: string,
      schema: Schema,
      options?: ElicitCallOptions,
    ): Promise<ElicitResultOf<Schema extends StandardSchemaLike<infer Output> ? Output : never>>;
  };

// The seed's type names (seed 001 "API Surface" and "Guaranteed Helper Types"), as aliases of reins'
// own. The schema configs take the parsed value as the seed writes them (`SampleSchemaConfig<T>`) or
// the schema (`SampleSchemaConfig<typeof MoveSchema>`).

/** Seed `ToolDefinition`. */
export type ToolDefinition = SamplingToolDefinition;
/** Seed `ToolCall` / `SamplingToolCall`. */
export type ToolCall = SampleToolCall;
export type SamplingToolCall = SampleToolCall;
/** Seed `Message`: reins messages or the OpenAI chat shape of the seed's L2 example. */
export type Message = SampleInputMessage;
/** Seed `SampleConfigBase`. */
export type SampleConfigBase = SampleOptionsBase;
/** Seed `SampleResultBase`. */
export type SampleResultBase = SampleResult;
/** Seed `SampleToolsConfigMessages`: `sampleTools` with a `messages` history. */
export type SampleToolsConfigMessages<Tools extends readonly SamplingToolDefinition[] = readonly SamplingToolDefinition[]> =
  SampleToolsConfig<Tools> & { messages: readonly SampleInputMessage[]; prompt?: never };
/** Seed `SampleSchemaConfigMessages`: `sampleSchema` with a `messages` history. */
export type SampleSchemaConfigMessages<T> = SampleSchemaConfig<T> & {
  messages: readonly SampleInputMessage[];
  prompt?: never;
};
