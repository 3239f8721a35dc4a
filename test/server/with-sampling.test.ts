/**
 * `withSampling`: the seed's `McpToolContext` shape (seed 001) over `samplingContext`: the helpers sit
 * on the handler's context, `ctx.elicit(key, context)` asks with a form the tool declared, and the
 * SDK's own context fields stay.
 */
import { McpServer } from '@modelcontextprotocol/server';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import {
  elicitContextMetaKey,
  SampleConfigError,
  withSampling,
  type McpToolContext,
  type SampleConfigWithSchema,
  type SampleResultBase,
  type SampleSchemaConfig,
  type ToolCall,
} from '../../src/server/index.ts';
import type { StandardSchemaLike } from '../../src/tools/tool-input-schema.ts';
import { connectScriptedClient, sampledText, sampledToolUse, type ScriptedClientOptions } from '../../src/testing/index.ts';

const pickMove = {
  response: z.object({ cell: z.number().int().min(0).max(8) }),
  message: ({ board }: { board: string }) => `Your move.\n${board}`,
};

/** Registers `body` as a tool through withSampling, calls it once through the scripted client. */
async function callWith<T>(options: ScriptedClientOptions, body: (ctx: McpToolContext<{ pickMove: typeof pickMove }>) => Promise<T>) {
  const server = new McpServer({ name: 'seed-shape', version: '1.0.0' });
  const outcome: { value?: T; error?: unknown } = {};
  server.registerTool(
    'probe',
    { inputSchema: z.object({ n: z.number() }) },
    withSampling(server, { elicits: { pickMove } }, async ({ n }, ctx) => {
      expectTypeOf(n).toBeNumber();
      try {
        outcome.value = await body(ctx);
      } catch (error) {
        outcome.error = error;
      }
      return { content: [{ type: 'text' as const, text: 'done' }] };
    }),
  );
  const scripted = await connectScriptedClient(server, options);
  try {
    await scripted.client.callTool({ name: 'probe', arguments: { n: 1 } });
  } finally {
    await scripted.close();
    await server.close();
  }
  return { ...outcome, scripted };
}

describe('withSampling: the seed-shaped tool context', () => {
  it('puts sample / sampleSchema / sampleTools on ctx, beside the SDK fields', async () => {
    const run = await callWith(
      { sampling: [sampledText('hello'), sampledToolUse([{ name: 'structured_output', input: { cell: 4 } }]), sampledToolUse([{ name: 'play_offensive', input: { reasoning: 'r' } }])] },
      async (ctx) => {
        const plain: SampleResultBase = await ctx.sample({ prompt: 'hi' });
        // The seed's config types, generic in the parsed value (`z.ZodType<T>`).
        const seedConfig: SampleSchemaConfig<{ cell: number }> = { prompt: 'move', schema: z.object({ cell: z.number().min(0).max(8) }), retries: 3 };
        const move = await ctx.sampleSchema(seedConfig);
        expectTypeOf(move.parsed).toEqualTypeOf<{ cell: number }>();
        const strategy = await ctx.sampleTools({
          prompt: 'strategy',
          tools: [{ name: 'play_offensive', inputSchema: z.object({ reasoning: z.string() }) }],
        });
        const first: ToolCall = strategy.toolCalls[0];
        const plainConfig: SampleConfigWithSchema<{ cell: number }> & { prompt: string } = { prompt: 'move', schema: z.object({ cell: z.number() }) };
        expectTypeOf(plainConfig.schema).toEqualTypeOf<StandardSchemaLike<{ cell: number }>>();
        return { text: plain.text, cell: move.parsed.cell, strategy: first.name, method: ctx.mcpReq.method, backend: ctx.backend };
      },
    );
    expect(run.error).toBeUndefined();
    expect(run.value).toEqual({ text: 'hello', cell: 4, strategy: 'play_offensive', method: 'tools/call', backend: 'mcp-tools' });
  });

  it("ctx.elicit('pickMove', context) asks with the declared form, its message from the context, the context in _meta", async () => {
    const run = await callWith({ elicitation: [{ action: 'accept', content: { cell: 5 } }] }, async (ctx) => {
      const reply = await ctx.elicit('pickMove', { board: ' 0 | 1 | 2 ' });
      if (reply.action === 'accept') expectTypeOf(reply.content).toEqualTypeOf<{ cell: number }>();
      return reply;
    });
    expect(run.value).toEqual({ action: 'accept', content: { cell: 5 } });
    const request = run.scripted.elicitationRequests[0] as { message: string; requestedSchema: unknown; _meta?: Record<string, unknown> };
    expect(request.message).toBe('Your move.\n 0 | 1 | 2 ');
    expect(request.requestedSchema).toMatchObject({ type: 'object', properties: { cell: { type: 'integer', minimum: 0, maximum: 8 } } });
    expect(request._meta?.[elicitContextMetaKey]).toEqual({ key: 'pickMove', context: { board: ' 0 | 1 | 2 ' } });
  });

  it('ctx.elicit(message, schema) still works, and an undeclared key is a SampleConfigError naming the declared ones', async () => {
    const run = await callWith({ elicitation: [{ action: 'decline' }] }, async (ctx) => {
      const direct = await ctx.elicit('Name?', z.object({ name: z.string() }));
      // @ts-expect-error: 'pickCell' is not declared in `elicits`
      const unknown = await ctx.elicit('pickCell', { board: '' }).catch((error: unknown) => error);
      return { direct, unknown };
    });
    expect(run.value?.direct).toEqual({ action: 'decline' });
    expect(SampleConfigError.isInstance(run.value?.unknown)).toBe(true);
    expect(run.value?.unknown).toMatchObject({ reason: 'unknown-elicitation', message: expect.stringContaining('pickMove') });
  });
});
