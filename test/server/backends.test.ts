import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { SampleConfigError, samplingContext } from '../../src/server/index.ts';
import { sampledText, sampledToolUse, ScriptedModel } from '../../src/testing/index.ts';
import { inTool, noSampling, textOnly, withTools } from './sampling-client.ts';

const tools = [
  { name: 'play_offensive', inputSchema: z.object({ reasoning: z.string() }) },
  { name: 'play_defensive', inputSchema: z.object({ threat: z.string() }) },
] as const;
const Move = z.object({ cell: z.number().int().min(0).max(8) });

describe('backend choice from client capabilities', () => {
  it.each([
    ['sampling.tools', withTools, 'mcp-tools'],
    ['sampling only', textOnly, 'mcp-text'],
    ['no sampling, with a model', noSampling, 'model'],
  ] as const)('%s -> %s', async (_label, capabilities, expected) => {
    const model = new ScriptedModel([]);
    const run = await inTool({ capabilities }, async (server, ctx) => samplingContext(server, ctx, { model }).backend);
    expect(run.value).toBe(expected);
  });

  it('without sampling and without a model: no backend, and sample throws a typed no-backend error', async () => {
    const run = await inTool({ capabilities: noSampling }, async (server, ctx) => {
      const sampling = samplingContext(server, ctx);
      expect(sampling.backend).toBeUndefined();
      return sampling.sample({ prompt: 'hi' });
    });
    expect(SampleConfigError.isInstance(run.error)).toBe(true);
    expect((run.error as SampleConfigError).reason).toBe('no-backend');
  });

  it('the backend option overrides the choice', async () => {
    const model = new ScriptedModel(['{"cell": 5}']);
    const run = await inTool({ capabilities: withTools }, async (server, ctx) =>
      samplingContext(server, ctx, { backend: 'model', model }).sampleSchema({ prompt: 'Move', schema: Move }),
    );
    expect(run.value).toMatchObject({ parsed: { cell: 5 }, backend: 'model', model: 'scripted' });
    expect(run.samplingRequests).toHaveLength(0);
    model.assertComplete();
  });
});

describe('mcp-text backend (sampling without tools)', () => {
  it('describes the tools with the json protocol and reads the call back from the text', async () => {
    const run = await inTool(
      {
        capabilities: textOnly,
        sampling: [sampledText('Defending.\n{"action":"call_tool","tool":"play_defensive","args":{"threat":"row 0"},"reason":"X has two"}')],
      },
      async (server, ctx) => samplingContext(server, ctx).sampleTools({ prompt: 'Strategy?', tools, systemPrompt: 'You play O.' }),
    );
    expect(run.error).toBeUndefined();
    expect(run.value?.toolCalls).toEqual([{ id: expect.stringMatching(/^call_/), name: 'play_defensive', arguments: { threat: 'row 0' } }]);
    const request = run.samplingRequests[0]!;
    expect(request.tools).toBeUndefined();
    expect(request.systemPrompt).toMatch(/^You play O\./);
    expect(request.systemPrompt).toContain('play_offensive');
    expect(request.systemPrompt).toContain('In this turn you must call one of the tools.');
  });

  it('renders earlier tool calls and results as text turns, and corrects with the codec', async () => {
    const run = await inTool(
      {
        capabilities: textOnly,
        sampling: [
          sampledText('{"action":"call_tool","tool":"play_sideways","args":{},"reason":"?"}'),
          sampledText('{"action":"call_tool","tool":"play_offensive","args":{"reasoning":"fork"},"reason":"win"}'),
        ],
      },
      async (server, ctx) =>
        samplingContext(server, ctx).sampleTools({
          messages: [
            { role: 'user', content: 'Game 1' },
            { role: 'assistant', content: '', toolCalls: [{ id: 'p1', name: 'play_defensive', arguments: { threat: 'col 2' } }] },
            { role: 'tool', toolCallId: 'p1', toolName: 'play_defensive', content: 'blocked' },
          ],
          tools,
        }),
    );
    expect(run.value?.toolCalls[0]).toMatchObject({ name: 'play_offensive', arguments: { reasoning: 'fork' } });
    const [first, second] = run.samplingRequests;
    expect(first?.messages.map((message) => message.role)).toEqual(['user', 'assistant', 'user']);
    expect(JSON.stringify(first?.messages[1])).toContain('call_tool');
    expect(JSON.stringify(first?.messages[2])).toContain('blocked');
    expect(second?.messages).toHaveLength(5);
    expect(second?.messages[4]?.role).toBe('user');
    expect(JSON.stringify(second?.messages[4])).toContain('Your last reply was rejected');
    expect(JSON.stringify(second?.messages[4])).toContain('play_sideways');
  });
});

describe('model backend (a reins Model, for clients without sampling)', () => {
  it('sends tools natively to a model that supports them', async () => {
    const model = new ScriptedModel([{ toolCalls: [{ name: 'play_offensive', arguments: { reasoning: 'center' } }] }]);
    const run = await inTool({ capabilities: noSampling }, async (server, ctx) =>
      samplingContext(server, ctx, { model }).sampleTools({ prompt: 'Strategy?', tools }),
    );
    expect(run.value).toMatchObject({ backend: 'model', stopReason: 'toolUse' });
    expect(run.value?.toolCalls[0]).toMatchObject({ name: 'play_offensive', arguments: { reasoning: 'center' } });
    expect(model.calls[0]).toMatchObject({ toolChoice: 'required', messages: [{ role: 'user', content: 'Strategy?' }] });
    expect(model.calls[0]?.tools?.map((tool) => tool.name)).toEqual(['play_offensive', 'play_defensive']);
  });

  it('asks a schema through responseSchema and retries with a user correction', async () => {
    const model = new ScriptedModel(['{"cell": 9}', '{"cell": 1}'], { supportsTools: true });
    const run = await inTool({ capabilities: noSampling }, async (server, ctx) =>
      samplingContext(server, ctx, { model }).sampleSchema({ prompt: 'Move', schema: Move }),
    );
    expect(run.value).toMatchObject({ parsed: { cell: 1 }, attempts: 2 });
    expect(model.calls[0]?.responseSchema).toMatchObject({ type: 'object', required: ['cell'] });
    expect(model.calls[1]?.messages.map((message) => message.role)).toEqual(['user', 'assistant', 'user']);
    model.assertComplete();
  });

  it('describes tools in the prompt for a model without native tool calling', async () => {
    const model = new ScriptedModel(['{"action":"call_tool","tool":"play_defensive","args":{"threat":"diag"},"reason":"block"}'], {
      supportsTools: false,
    });
    const run = await inTool({ capabilities: noSampling }, async (server, ctx) =>
      samplingContext(server, ctx, { model }).sample({ prompt: 'Strategy?', tools }),
    );
    expect(run.value?.toolCalls).toMatchObject([{ name: 'play_defensive', arguments: { threat: 'diag' } }]);
    expect(model.calls[0]?.tools).toBeUndefined();
    expect(model.calls[0]?.system).toContain('play_defensive');
  });
});

describe('mcp-tools backend ignores a forced tool answered by another tool', () => {
  it('reports a parse error as data', async () => {
    const run = await inTool({ capabilities: withTools, sampling: [sampledToolUse([{ name: 'other', input: {} }], 'hmm')] }, async (server, ctx) =>
      samplingContext(server, ctx).sample({ prompt: 'Move', schema: Move }),
    );
    expect(run.value).toMatchObject({ parsed: null, parseError: { rawText: 'hmm' } });
  });
});

describe('sample({ tools }) returns calls as given on every backend', () => {
  const badArgs = { threat: 42 };
  const script = {
    'mcp-tools': { capabilities: withTools, sampling: [sampledToolUse([{ name: 'play_defensive', input: badArgs }])] },
    'mcp-text': {
      capabilities: textOnly,
      sampling: [sampledText('{"action":"call_tool","tool":"play_defensive","args":{"threat":42},"reason":"block"}')],
    },
  } as const;

  it.each(['mcp-tools', 'mcp-text'] as const)('%s: a call with invalid arguments is returned unvalidated', async (backend) => {
    const run = await inTool(script[backend], async (server, ctx) => samplingContext(server, ctx).sample({ prompt: 'Strategy?', tools }));
    expect(run.error).toBeUndefined();
    expect(run.value?.backend).toBe(backend);
    expect(run.value?.toolCalls).toEqual([{ id: expect.any(String), name: 'play_defensive', arguments: badArgs }]);
  });

  it('a Model without native tools: the same', async () => {
    const model = new ScriptedModel(['{"action":"call_tool","tool":"play_offensive","args":{},"reason":"?"}'], { supportsTools: false });
    const run = await inTool({ capabilities: noSampling }, async (server, ctx) => samplingContext(server, ctx, { model }).sample({ prompt: 'Strategy?', tools }));
    expect(run.value?.toolCalls).toMatchObject([{ name: 'play_offensive', arguments: {} }]);
  });

  it('mcp-text: sampleTools still validates, answering the bad call with an error result rendered as text', async () => {
    const run = await inTool(
      {
        capabilities: textOnly,
        sampling: [
          sampledText('{"action":"call_tool","tool":"play_defensive","args":{"threat":42},"reason":"block"}'),
          sampledText('{"action":"call_tool","tool":"play_defensive","args":{"threat":"col 1"},"reason":"block"}'),
        ],
      },
      async (server, ctx) => samplingContext(server, ctx).sampleTools({ prompt: 'Strategy?', tools }),
    );
    expect(run.value).toMatchObject({ attempts: 2, toolCalls: [{ name: 'play_defensive', arguments: { threat: 'col 1' } }] });
    const retry = run.samplingRequests[1]!.messages;
    expect(retry.map((message) => message.role)).toEqual(['user', 'assistant', 'user']);
    expect(JSON.stringify(retry[2])).toContain('Invalid arguments for `play_defensive`: /threat');
  });
});
