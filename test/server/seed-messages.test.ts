/**
 * Seed 001's L1 -> L2 example, written as the seed writes it: the L2 history uses the OpenAI chat shape
 * (`tool_calls` with `type: 'function'`, `tool_call_id`). It type-checks and runs unchanged (only the
 * `!` that `noUncheckedIndexedAccess` asks for on `toolCalls[0]` is added).
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { emptyBoard, formatBoard } from '../../examples/play-ttt/board.ts';
import { SampleConfigError, samplingContext, type SampleInputMessage, type SamplingContext } from '../../src/server/index.ts';
import { sampledText, sampledToolUse } from '../../src/testing/index.ts';
import { inTool, textOnly, withTools } from './sampling-client.ts';

const board = emptyBoard();

/** The seed's example, verbatim apart from `await` for `yield*` and the `!`. */
async function seedFlow(ctx: SamplingContext) {
  const strategy = await ctx.sample({
    prompt: `Board:\n${formatBoard(board)}\nChoose your strategy.`,
    tools: [
      { name: 'play_offensive', inputSchema: z.object({ reasoning: z.string() }) },
      { name: 'play_defensive', inputSchema: z.object({ threat: z.string() }) },
    ],
    toolChoice: 'required',
  });

  const strategyCall = strategy.toolCalls[0]!;

  const move = await ctx.sample({
    messages: [
      { role: 'user', content: `Board:\n${formatBoard(board)}` },
      { role: 'assistant', tool_calls: [{ id: strategyCall.id, type: 'function', function: { name: strategyCall.name, arguments: strategyCall.arguments } }] },
      { role: 'tool', tool_call_id: strategyCall.id, content: `Playing ${strategyCall.name}. Now pick your cell.` },
    ],
    schema: z.object({ cell: z.number().min(0).max(8) }),
  });

  const cell = move.parsed!.cell;
  return { strategyCall, move, cell };
}

describe("seed 001's multi-turn example in the OpenAI message shape", () => {
  it('runs over MCP sampling with tools: the L2 history becomes tool_use / tool_result blocks', async () => {
    const run = await inTool(
      {
        capabilities: withTools,
        sampling: [
          sampledToolUse([{ name: 'play_offensive', input: { reasoning: 'take the center' }, id: 'strat-1' }]),
          sampledToolUse([{ name: 'structured_output', input: { cell: 4 } }]),
        ],
      },
      async (server, ctx) => seedFlow(samplingContext(server, ctx)),
    );
    expect(run.error).toBeUndefined();
    expect(run.value?.cell).toBe(4);
    expect(run.samplingRequests[1]?.messages.slice(1)).toEqual([
      { role: 'assistant', content: { type: 'tool_use', id: 'strat-1', name: 'play_offensive', input: { reasoning: 'take the center' } } },
      {
        role: 'user',
        content: { type: 'tool_result', toolUseId: 'strat-1', content: [{ type: 'text', text: 'Playing play_offensive. Now pick your cell.' }] },
      },
    ]);
    // The result's history is in reins' shape, the tool's name read from the call it answers.
    expect(run.value?.move.messages.slice(1, 3)).toEqual([
      { role: 'assistant', content: '', toolCalls: [{ id: 'strat-1', name: 'play_offensive', arguments: { reasoning: 'take the center' } }] },
      { role: 'tool', toolCallId: 'strat-1', toolName: 'play_offensive', content: 'Playing play_offensive. Now pick your cell.' },
    ]);
  });

  it('runs over text-only sampling: the same history is rendered as protocol text turns', async () => {
    const run = await inTool(
      {
        capabilities: textOnly,
        sampling: [
          sampledText('{"action":"call_tool","tool":"play_defensive","args":{"threat":"row 0"},"reason":"block"}'),
          sampledText('{"cell": 0}'),
        ],
      },
      async (server, ctx) => seedFlow(samplingContext(server, ctx)),
    );
    expect(run.error).toBeUndefined();
    expect(run.value?.cell).toBe(0);
    const second = run.samplingRequests[1]!.messages;
    expect(second.map((message) => message.role)).toEqual(['user', 'assistant', 'user']);
    expect(JSON.stringify(second[1])).toContain('play_defensive');
    expect(JSON.stringify(second[2])).toContain('Playing play_defensive. Now pick your cell.');
  });
});

describe('message normalization', () => {
  const Move = z.object({ cell: z.number() });

  it('reads `arguments` given as a JSON string, and fills a missing reins toolName from the call', async () => {
    const messages: SampleInputMessage[] = [
      { role: 'user', content: 'Board' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          { id: 'a', type: 'function', function: { name: 'play_offensive', arguments: '{"reasoning":"fork"}' } },
          { id: 'b', type: 'function', function: { name: 'play_defensive', arguments: '{"threat": "row 2",}' } },
        ],
      },
      { role: 'tool', tool_call_id: 'a', content: 'ok' },
      { role: 'tool', toolCallId: 'b', content: 'also ok', isError: true },
    ];
    const run = await inTool({ capabilities: withTools, sampling: [sampledToolUse([{ name: 'structured_output', input: { cell: 1 } }])] }, async (server, ctx) =>
      samplingContext(server, ctx).sample({ messages, schema: Move }),
    );
    expect(run.value?.messages.slice(1, 4)).toEqual([
      {
        role: 'assistant',
        content: '',
        toolCalls: [
          { id: 'a', name: 'play_offensive', arguments: { reasoning: 'fork' } },
          { id: 'b', name: 'play_defensive', arguments: { threat: 'row 2' } },
        ],
      },
      { role: 'tool', toolCallId: 'a', toolName: 'play_offensive', content: 'ok' },
      { role: 'tool', toolCallId: 'b', toolName: 'play_defensive', content: 'also ok', isError: true },
    ]);
    const results = run.samplingRequests[0]!.messages[2]!.content as { toolUseId: string; isError?: boolean }[];
    expect(results.map((result) => [result.toolUseId, result.isError ?? false])).toEqual([['a', false], ['b', true]]);
  });

  it.each([
    ['a result whose call is not in the history', [{ role: 'user', content: 'x' }, { role: 'tool', tool_call_id: 'ghost', content: 'r' }], 'unbalanced-history', /ghost/],
    ['a call without its result', [{ role: 'user', content: 'x' }, { role: 'assistant', tool_calls: [{ id: 'c', type: 'function', function: { name: 't', arguments: {} } }] }], 'unbalanced-history', /c not answered/],
    ['an unknown role', [{ role: 'system', content: 'x' }], 'invalid-option', /messages\[0\]: unknown role "system"/],
    ['a tool call without a function', [{ role: 'assistant', tool_calls: [{ id: 'c' }] }], 'invalid-option', /messages\[0\]: each of `tool_calls` needs/],
    ['a tool message without an id', [{ role: 'tool', content: 'r' }], 'invalid-option', /needs `toolCallId` \(or `tool_call_id`\)/],
  ])('refuses %s with SampleConfigError before any request', async (_label, messages, reason, message) => {
    const run = await inTool({ capabilities: withTools }, async (server, ctx) =>
      samplingContext(server, ctx).sample({ messages: messages as SampleInputMessage[] }),
    );
    expect(SampleConfigError.isInstance(run.error)).toBe(true);
    expect((run.error as SampleConfigError).reason).toBe(reason);
    expect((run.error as Error).message).toMatch(message);
    expect(run.samplingRequests).toHaveLength(0);
  });
});
