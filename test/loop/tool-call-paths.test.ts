/**
 * However a tool answers, the run is the same: the same events in the same order, the same result
 * and the same history the model reads. Each behaviour runs three ways: a local tool that answers
 * synchronously, the same tool answering through a promise, and the same tool behind a toolbox
 * that is not a LocalToolbox (the loop talks to the Toolbox interface only).
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ToolExecutionError } from '../../src/errors/tool-execution-error.ts';
import { createAgent } from '../../src/loop/create-agent.ts';
import type { AgentOptions } from '../../src/loop/agent-options.ts';
import { ScriptedModel } from '../../src/testing/scripted-model.ts';
import { defineTool, type LocalTool } from '../../src/tools/define-tool.ts';
import { LocalToolbox } from '../../src/tools/local-toolbox.ts';
import { errorResult, type Toolbox } from '../../src/tools/toolbox.ts';
import type { ToolInputSchema } from '../../src/tools/tool-input-schema.ts';
import { collect } from './helpers.ts';

type Execute = Parameters<typeof defineTool>[0]['execute'];
type Way = 'synchronous' | 'promise' | 'other toolbox';

const input = { type: 'object', properties: { n: { type: 'integer' } }, required: ['n'] };
const ways: Way[] = ['synchronous', 'promise', 'other toolbox'];

/** The agent's tools for one way of running `tool`. */
function toolsFor(tool: LocalTool, way: Way): AgentOptions['tools'] {
  if (way === 'synchronous') return [tool];
  // A copy runs its own `execute`, which always returns a promise.
  const copy: LocalTool = { ...tool };
  if (way === 'promise') return [copy];
  const box = new LocalToolbox([copy]);
  const other: Toolbox = { list: () => box.list(), call: (name, args, options) => box.call(name, args, options) };
  return [other];
}

/** Errors as their class and message; durations and run ids dropped (they differ from run to run). */
function comparable(value: unknown): unknown {
  if (value instanceof Error) return { error: value.constructor.name, message: value.message, cause: comparable((value as { cause?: unknown }).cause) };
  if (Array.isArray(value)) return value.map(comparable);
  if (value && typeof value === 'object') {
    const copy: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value)) if (key !== 'runId' && key !== 'durationMs' && key !== 'startedAt') copy[key] = comparable(inner);
    return copy;
  }
  return value;
}

async function runWay(way: Way, execute: Execute, options: { calls?: number; schema?: ToolInputSchema; agent?: Partial<AgentOptions>; cancelInTool?: boolean } = {}) {
  const controller = new AbortController();
  const tool = defineTool({
    name: 'probe',
    description: 'A probe.',
    input: options.schema ?? input,
    execute: options.cancelInTool
      ? (args, context) => {
          controller.abort(new Error('stopped by the tool'));
          return execute(args, context);
        }
      : execute,
  });
  const calls = options.calls ?? 1;
  const script = [
    ...Array.from({ length: calls }, (_, index) => ({ toolCalls: [{ id: `c${index}`, name: 'probe', arguments: { n: 1 } }] })),
    { text: 'done' },
  ];
  const model = new ScriptedModel(script, { supportsTools: true });
  const agent = createAgent({ model, tools: toolsFor(tool, way), protocol: 'native', ...options.agent });
  const { events, result } = await collect(agent.run('go', { signal: controller.signal }));
  return comparable({ events, result, sent: model.calls.map((request) => request.messages) });
}

const behaviours: Array<[string, Execute, Parameters<typeof runWay>[2]?]> = [
  ['a string', () => 'ok'],
  ['a JSON value', () => ({ a: [1, 'two'], b: null })],
  ['an error result', () => errorResult('no such entry')],
  ['a throw', () => {
    throw new Error('connection refused');
  }],
  ['a tool error', () => {
    throw new ToolExecutionError('probe', { cause: new Error('inner') });
  }],
  ['a value that cannot become a result (InternalError ends the run)', () => ({ big: 1n }) as never],
  ['progress reports, then a result', (_args, context) => {
    context.reportProgress({ progress: 1, total: 2 });
    context.reportProgress({ progress: 2, total: 2, message: 'done' });
    return 'ok';
  }],
  ['the same call past the loop threshold', () => 'same', { calls: 4, agent: { loopThreshold: 2 } }],
  ['a call the policy refuses', () => 'never', { agent: { approval: () => 'deny' } }],
  ['a call that needs an approver nobody gives', () => 'never', { agent: { approval: () => 'ask' } }],
  ['a run cancelled by the tool while it runs', () => 'late', { cancelInTool: true }],
  ['a tool whose own schema transforms its arguments', (args) => JSON.stringify(args), { schema: z.object({ n: z.number().transform((n) => n * 10) }) }],
  ['a tool whose own schema refuses its arguments', () => 'never', { schema: z.object({ n: z.string() }) }],
];

describe('a synchronous tool call and an awaited one give the same run', () => {
  it.each(behaviours)('%s', async (_name, execute, options) => {
    const [fast, ...others] = await Promise.all(ways.map((way) => runWay(way, execute, options)));
    for (const other of others) expect(other).toEqual(fast);
  });

  it('a toolbox gets options with exactly signal, timeoutMs and onProgress as own properties, in that order', async () => {
    const seen: Array<Record<string, unknown>> = [];
    const box: Toolbox = {
      list: () => [{ name: 'probe', inputSchema: input }],
      call: async (_name, _args, options) => {
        seen.push({ ...options });
        options?.onProgress?.({ progress: 1 });
        return { content: [{ type: 'text', text: 'ok' }] };
      },
    };
    const model = new ScriptedModel([{ toolCalls: [{ id: 'c0', name: 'probe', arguments: { n: 1 } }] }, { text: 'done' }], { supportsTools: true });
    const { events } = await collect(createAgent({ model, tools: [box], protocol: 'native', toolTimeoutMs: 1234 }).run('go'));
    expect(seen.map((options) => Object.keys(options))).toEqual([['signal', 'timeoutMs', 'onProgress']]);
    expect(seen[0]?.signal).toBeInstanceOf(AbortSignal);
    expect(seen[0]?.timeoutMs).toBe(1234);
    expect(events.filter((event) => event.type === 'tool-progress')).toMatchObject([{ callId: 'c0', tool: 'probe', progress: { progress: 1 } }]);
  });

  it('the comparison sees a difference: a tool answering otherwise gives another run', async () => {
    expect(await runWay('synchronous', () => 'ok')).not.toEqual(await runWay('promise', () => 'other'));
  });
});
