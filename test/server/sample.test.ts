import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { SampleConfigError, samplingContext, type SampleMessage } from '../../src/server/index.ts';
import { sampledText, sampledToolUse } from '../../src/testing/index.ts';
import { inTool, withTools } from './sampling-client.ts';

const Move = z.object({ cell: z.number().int().min(0).max(8), reasoning: z.string().optional() });
const strategyTools = [
  { name: 'play_offensive', description: 'Attack', inputSchema: z.object({ reasoning: z.string() }) },
  { name: 'play_defensive', inputSchema: { type: 'object', properties: { threat: { type: 'string' } }, required: ['threat'] } },
] as const;

describe('sample over MCP sampling with tools', () => {
  it('sends a prompt as one user message and returns text, model and stopReason', async () => {
    const run = await inTool({ capabilities: withTools, sampling: [sampledText('Hello there', 'llm-7')] }, async (server, ctx) =>
      samplingContext(server, ctx).sample({ prompt: 'Say hello', systemPrompt: 'Be brief', maxTokens: 50 }),
    );
    expect(run.error).toBeUndefined();
    expect(run.value).toMatchObject({ text: 'Hello there', model: 'llm-7', stopReason: 'endTurn', backend: 'mcp-tools' });
    const [request] = run.samplingRequests;
    expect(request).toMatchObject({ systemPrompt: 'Be brief', maxTokens: 50, messages: [{ role: 'user', content: { type: 'text', text: 'Say hello' } }] });
    expect(request?.tools).toBeUndefined();
  });

  it('asks for a schema as one forced tool and returns its arguments as parsed', async () => {
    const run = await inTool(
      { capabilities: withTools, sampling: [sampledToolUse([{ name: 'structured_output', input: { cell: 4, reasoning: 'center' } }])] },
      async (server, ctx) => samplingContext(server, ctx).sample({ prompt: 'Your move', schema: Move }),
    );
    expect(run.value?.parsed).toEqual({ cell: 4, reasoning: 'center' });
    expect(run.value?.parseError).toBeUndefined();
    const request = run.samplingRequests[0]!;
    expect(request.toolChoice).toEqual({ mode: 'required' });
    expect(request.tools).toHaveLength(1);
    expect(request.tools?.[0]).toMatchObject({
      name: 'structured_output',
      inputSchema: { type: 'object', properties: { cell: { type: 'integer', minimum: 0, maximum: 8 } }, required: ['cell'] },
    });
    expect(request.maxTokens).toBe(1024);
  });

  it('wraps a non-object schema under `value` and unwraps the reply', async () => {
    const run = await inTool(
      { capabilities: withTools, sampling: [sampledToolUse([{ name: 'structured_output', input: { value: [1, 2, 3] } }])] },
      async (server, ctx) => samplingContext(server, ctx).sample({ prompt: 'Three numbers', schema: z.array(z.number()) }),
    );
    expect(run.value?.parsed).toEqual([1, 2, 3]);
    expect(run.samplingRequests[0]?.tools?.[0]?.inputSchema).toMatchObject({ type: 'object', required: ['value'] });
  });

  it('returns parsed: null and parseError as data when the reply does not validate', async () => {
    const run = await inTool(
      { capabilities: withTools, sampling: [sampledToolUse([{ name: 'structured_output', input: { cell: 12 } }], 'I pick 12')] },
      async (server, ctx) => samplingContext(server, ctx).sample({ prompt: 'Your move', schema: Move }),
    );
    expect(run.error).toBeUndefined();
    expect(run.value?.parsed).toBeNull();
    expect(run.value?.parseError?.message).toMatch(/\/cell .*8/);
    expect(run.value?.parseError?.rawText).toBe('I pick 12');
  });

  it('falls back to JSON in the text when the client answers a forced tool with text', async () => {
    const run = await inTool(
      { capabilities: withTools, sampling: [sampledText('Sure! ```json\n{"cell": 2,}\n```')] },
      async (server, ctx) => samplingContext(server, ctx).sample({ prompt: 'Your move', schema: Move }),
    );
    expect(run.value?.parsed).toEqual({ cell: 2 });
  });

  it('sends tools natively and returns the tool calls', async () => {
    const run = await inTool(
      {
        capabilities: withTools,
        sampling: [sampledToolUse([{ name: 'play_defensive', input: { threat: 'row 1' }, id: 'u1' }])],
      },
      async (server, ctx) => samplingContext(server, ctx).sample({ prompt: 'Strategy?', tools: strategyTools, toolChoice: 'required' }),
    );
    expect(run.value?.toolCalls).toEqual([{ id: 'u1', name: 'play_defensive', arguments: { threat: 'row 1' } }]);
    expect(run.value?.stopReason).toBe('toolUse');
    const request = run.samplingRequests[0]!;
    expect(request.toolChoice).toEqual({ mode: 'required' });
    expect(request.tools?.map((tool) => tool.name)).toEqual(['play_offensive', 'play_defensive']);
    expect(request.tools?.[0]).toMatchObject({ description: 'Attack', inputSchema: { properties: { reasoning: { type: 'string' } } } });
  });

  it('sends a multi-turn history with tool_use and tool_result blocks', async () => {
    const messages: SampleMessage[] = [
      { role: 'user', content: 'Board: empty' },
      { role: 'assistant', content: '', toolCalls: [{ id: 'c1', name: 'play_offensive', arguments: { reasoning: 'center' } }] },
      { role: 'tool', toolCallId: 'c1', toolName: 'play_offensive', content: 'Now pick your cell.' },
    ];
    const run = await inTool(
      { capabilities: withTools, sampling: [sampledToolUse([{ name: 'structured_output', input: { cell: 4 } }])] },
      async (server, ctx) => samplingContext(server, ctx).sample({ messages, schema: Move }),
    );
    expect(run.value?.parsed).toEqual({ cell: 4 });
    expect(run.samplingRequests[0]?.messages).toEqual([
      { role: 'user', content: { type: 'text', text: 'Board: empty' } },
      { role: 'assistant', content: { type: 'tool_use', id: 'c1', name: 'play_offensive', input: { reasoning: 'center' } } },
      { role: 'user', content: { type: 'tool_result', toolUseId: 'c1', content: [{ type: 'text', text: 'Now pick your cell.' }] } },
    ]);
    // The result's history stays balanced: the forced call is recorded as its JSON.
    expect(run.value?.messages.at(-1)).toEqual({ role: 'assistant', content: '{"cell":4}' });
  });

  it('throws the seed error when schema and tools are both given, before any request', async () => {
    const run = await inTool({ capabilities: withTools }, async (server, ctx) => {
      const config = { prompt: 'x', schema: Move, tools: strategyTools };
      return samplingContext(server, ctx).sample(config as never);
    });
    expect(SampleConfigError.isInstance(run.error)).toBe(true);
    expect((run.error as Error).message).toBe('Cannot specify both schema and tools in sample config - they are mutually exclusive');
    expect((run.error as SampleConfigError).reason).toBe('schema-and-tools');
    expect(run.samplingRequests).toHaveLength(0);
  });

  it('rejects a history with an unanswered tool call', async () => {
    const run = await inTool({ capabilities: withTools }, async (server, ctx) =>
      samplingContext(server, ctx).sample({
        messages: [
          { role: 'user', content: 'hi' },
          { role: 'assistant', content: '', toolCalls: [{ id: 'c9', name: 'play_offensive', arguments: {} }] },
          { role: 'user', content: 'and?' },
        ],
      }),
    );
    expect((run.error as SampleConfigError).reason).toBe('unbalanced-history');
    expect((run.error as Error).message).toContain('c9');
    expect(run.samplingRequests).toHaveLength(0);
  });
});
