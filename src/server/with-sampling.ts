/**
 * `withSampling(server, handler)`: the seed's shape of a tool handler (seed 001 `McpToolContext`):
 * the handler's context carries `ctx.sample`, `ctx.sampleSchema`, `ctx.sampleTools` and `ctx.elicit`
 * itself, beside the SDK's own fields. A thin adapter over `samplingContext`: the same backends,
 * options, retries and errors. The seed's Effection code ports by writing `await` for `yield*` and
 * `async` for `function*` (README, "Seed 001").
 *
 * @example
 * server.registerTool('play_ttt', { inputSchema: z.object({}) }, withSampling(server, { elicits: { pickMove } }, async (_args, ctx) => {
 *   const move = await ctx.sampleSchema({ prompt: 'Pick a cell 0..8', schema: z.object({ cell: z.number() }) });
 *   const reply = await ctx.elicit('pickMove', { board });
 *   return { content: [{ type: 'text', text: String(move.parsed.cell) }] };
 * }));
 */
import type { McpServer, Server, ServerContext } from '@modelcontextprotocol/server';
import { SampleConfigError } from '../errors/sample-config-error.ts';
import { isStandardSchema, type StandardSchemaLike } from '../tools/tool-input-schema.ts';
import { samplingContext, type SamplingContextOptions } from './sampling-context.ts';
import type { ElicitDefinitions, McpToolContext } from './tool-context.ts';
import type { ElicitCallOptions } from './types.ts';

export interface WithSamplingOptions<Elicits extends ElicitDefinitions = ElicitDefinitions> extends SamplingContextOptions {
  /** The keyed forms `ctx.elicit(key, context)` may ask for. @default none (only `ctx.elicit(message, schema)`) */
  elicits?: Elicits;
}

/** The `_meta` key that carries a keyed elicitation's key and context to the client. */
export const elicitContextMetaKey = 'reins/elicit';

function messageOf(definition: ElicitDefinitions[string], key: string, context: Record<string, unknown>): string {
  if (typeof definition.message === 'function') return definition.message(context);
  if (typeof definition.message === 'string') return definition.message;
  return typeof context.message === 'string' ? context.message : key;
}

export function withSampling<Args, Result, Elicits extends ElicitDefinitions = Record<never, never>>(
  server: McpServer | Server,
  handler: (args: Args, ctx: McpToolContext<Elicits>) => Result | Promise<Result>,
): (args: Args, ctx: ServerContext) => Promise<Result>;
export function withSampling<Args, Result, const Elicits extends ElicitDefinitions = Record<never, never>>(
  server: McpServer | Server,
  options: WithSamplingOptions<Elicits>,
  handler: (args: Args, ctx: McpToolContext<Elicits>) => Result | Promise<Result>,
): (args: Args, ctx: ServerContext) => Promise<Result>;
export function withSampling(
  server: McpServer | Server,
  // The overloads above are the public contract; the implementation takes any handler.
  optionsOrHandler: WithSamplingOptions | ((args: unknown, ctx: any) => unknown),
  maybeHandler?: (args: unknown, ctx: any) => unknown,
): (args: unknown, ctx: ServerContext) => Promise<unknown> {
  const handler = typeof optionsOrHandler === 'function' ? optionsOrHandler : maybeHandler!;
  const { elicits = {}, ...contextOptions } = typeof optionsOrHandler === 'function' ? {} : optionsOrHandler;
  return async (args, ctx) => {
    const sampling = samplingContext(server, ctx, contextOptions);
    const elicit = async (first: string, second: unknown, options?: ElicitCallOptions) => {
      if (isStandardSchema(second)) return sampling.elicit(first, second as StandardSchemaLike<Record<string, unknown>>, options);
      const definition = elicits[first];
      if (!definition) {
        const known = Object.keys(elicits);
        throw new SampleConfigError(
          `ctx.elicit('${first}', ...): no such elicitation; the tool declares ${known.length > 0 ? known.join(', ') : 'none'} (withSampling's \`elicits\`).`,
          { reason: 'unknown-elicitation' },
        );
      }
      const context = (second ?? {}) as Record<string, unknown>;
      return sampling.elicit(messageOf(definition, first, context), definition.response, {
        ...options,
        meta: { [elicitContextMetaKey]: { key: first, context } },
      });
    };
    const toolContext = {
      ...ctx,
      backend: sampling.backend,
      sample: sampling.sample,
      sampleSchema: sampling.sampleSchema,
      sampleTools: sampling.sampleTools,
      elicit,
    };
    return handler(args, toolContext as unknown as McpToolContext);
  };
}
