/**
 * Type-level proof that each `sample` variant has its exact result type. `npm test` runs tsc over
 * test/, so these `expectTypeOf` assertions and `@ts-expect-error` lines are enforced; the runtime
 * part checks the same calls behave as typed against a scripted client.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import {
  samplingContext,
  type SampleParseError,
  type SampleResult,
  type SampleToolCall,
  type SamplingContext,
} from '../../src/server/index.ts';
import { sampledText, sampledToolUse } from '../../src/testing/index.ts';
import { inTool, withTools } from './sampling-client.ts';

const Move = z.object({ cell: z.number(), note: z.string().optional() });
const tools = [
  { name: 'play_offensive', inputSchema: z.object({ reasoning: z.string() }) },
  { name: 'play_defensive', inputSchema: z.object({ threat: z.string() }) },
] as const;

/** Only type-checked: never called. */
function typeChecks(ctx: SamplingContext) {
  return async () => {
    const plain = await ctx.sample({ prompt: 'hi' });
    expectTypeOf(plain).toEqualTypeOf<SampleResult>();

    const withSchema = await ctx.sample({ prompt: 'move', schema: Move });
    expectTypeOf(withSchema.parsed).toEqualTypeOf<{ cell: number; note?: string | undefined } | null>();
    expectTypeOf(withSchema.parseError).toEqualTypeOf<SampleParseError | undefined>();
    if (withSchema.parseError === undefined) expectTypeOf(withSchema.parsed).toEqualTypeOf<{ cell: number; note?: string | undefined }>();

    const withTools = await ctx.sample({ prompt: 'strategy', tools, toolChoice: 'required' });
    expectTypeOf(withTools.toolCalls).toEqualTypeOf<SampleToolCall<'play_offensive' | 'play_defensive'>[]>();

    const schemaResult = await ctx.sampleSchema({ prompt: 'move', schema: Move });
    expectTypeOf(schemaResult.parsed).toEqualTypeOf<{ cell: number; note?: string | undefined }>();
    expectTypeOf(schemaResult.attempts).toBeNumber();

    const toolsResult = await ctx.sampleTools({ prompt: 'strategy', tools });
    expectTypeOf(toolsResult.stopReason).toEqualTypeOf<'toolUse'>();
    type Call = SampleToolCall<'play_offensive', { reasoning: string }> | SampleToolCall<'play_defensive', { threat: string }>;
    expectTypeOf(toolsResult.toolCalls).toEqualTypeOf<[Call, ...Call[]]>();
    const first = toolsResult.toolCalls[0];
    if (first.name === 'play_offensive') expectTypeOf(first.arguments.reasoning).toBeString();
    else expectTypeOf(first.arguments.threat).toBeString();

    // Seed 001's L2 history in the OpenAI shape accepts a validated call's typed arguments.
    const [call] = toolsResult.toolCalls;
    await ctx.sample({
      messages: [
        { role: 'assistant', tool_calls: [{ id: call.id, type: 'function', function: { name: call.name, arguments: call.arguments } }] },
        { role: 'tool', tool_call_id: call.id, content: 'ok' },
        { role: 'tool', toolCallId: call.id, content: 'reins shape, toolName left out' },
      ],
    });
    // @ts-expect-error an OpenAI tool call is `type: 'function'`
    await ctx.sample({ messages: [{ role: 'assistant', tool_calls: [{ id: 'x', type: 'fn', function: { name: 'n', arguments: {} } }] }] });

    const answer = await ctx.elicit('Name?', z.object({ name: z.string() }));
    if (answer.action === 'accept') expectTypeOf(answer.content).toEqualTypeOf<{ name: string }>();
    // @ts-expect-error decline carries no content
    if (answer.action === 'decline') void answer.content;

    // @ts-expect-error schema and tools are mutually exclusive
    await ctx.sample({ prompt: 'x', schema: Move, tools });
    // @ts-expect-error prompt and messages are exclusive
    await ctx.sample({ prompt: 'x', messages: [] });
    // @ts-expect-error sampleTools cannot be told not to call a tool
    await ctx.sampleTools({ prompt: 'x', tools, toolChoice: 'none' });
  };
}

describe('sample result types', () => {
  it('returns at run time the shapes the types promise', async () => {
    expect(typeof typeChecks).toBe('function');
    const run = await inTool(
      {
        capabilities: withTools,
        sampling: [sampledText('plain'), sampledToolUse([{ name: 'structured_output', input: { cell: 1 } }]), sampledToolUse([{ name: 'play_defensive', input: { threat: 't' } }])],
      },
      async (server, ctx) => {
        const sampling = samplingContext(server, ctx);
        const plain = await sampling.sample({ prompt: 'hi' });
        const parsed = await sampling.sample({ prompt: 'move', schema: Move });
        const called = await sampling.sampleTools({ prompt: 'strategy', tools });
        return { plain, parsed, called };
      },
    );
    expect(run.value?.plain).not.toHaveProperty('parsed');
    expect(run.value?.plain).not.toHaveProperty('toolCalls');
    expect(run.value?.parsed.parsed).toEqual({ cell: 1 });
    expect(run.value?.called.toolCalls[0]).toMatchObject({ name: 'play_defensive', arguments: { threat: 't' } });
  });
});
