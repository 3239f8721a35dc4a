/**
 * The local toolbox runs a `defineTool` tool's own `execute` directly, so a synchronous answer
 * settles the call at once. The outcome must equal running the tool's promise-returning `execute`
 * (a copy of the tool takes that path): every kind of result, throw, rejection, timeout and cancel.
 */
import { describe, expect, it } from 'vitest';
import { ToolExecutionError } from '../../src/errors/tool-execution-error.ts';
import { defineTool, type LocalTool } from '../../src/tools/define-tool.ts';
import { callToolNow, LocalToolbox } from '../../src/tools/local-toolbox.ts';
import type { ToolResult, Toolbox } from '../../src/tools/toolbox.ts';

type Execute = Parameters<typeof defineTool>[0]['execute'];

const input = { type: 'object', properties: {} };

async function outcome(tool: LocalTool, signal?: AbortSignal): Promise<unknown> {
  try {
    return { result: await new LocalToolbox([tool]).call('t', {}, { timeoutMs: 20, ...(signal ? { signal } : {}) }) };
  } catch (error) {
    const { name, message } = error as Error;
    return { error: { name, message } };
  }
}

const executes: Array<[string, Execute]> = [
  ['a string', () => 'ok'],
  ['an object', () => ({ a: 1 })],
  ['a tool result', () => ({ content: [{ type: 'text', text: 'x' }], isError: true })],
  ['undefined', () => undefined as never],
  ['a value that cannot become a result', () => ({ big: 1n }) as never],
  ['a synchronous throw', () => {
    throw new Error('sync');
  }],
  ['a tool error', () => {
    throw new ToolExecutionError('t', { cause: new Error('inner') });
  }],
  ['a promise of a string', async () => 'later'],
  ['a rejection', async () => Promise.reject(new Error('async'))],
  ['a call that outlives its timeout', () => new Promise<string>(() => undefined)],
];

describe('local tools run directly', () => {
  it.each(executes)('settle as through execute: %s', async (_name, execute) => {
    const tool = defineTool({ name: 't', description: 'd', input, execute });
    const copy: LocalTool = { ...tool };
    expect(await outcome(tool)).toEqual(await outcome(copy));
  });

  it('settle as through execute when the run is cancelled during the call', async () => {
    const cancelled = async (tool: LocalTool) => {
      const controller = new AbortController();
      setTimeout(() => controller.abort(new Error('cancelled')), 5);
      return outcome(tool, controller.signal);
    };
    const tool = defineTool({ name: 't', description: 'd', input, execute: () => new Promise<string>(() => undefined) });
    expect(await cancelled(tool)).toEqual(await cancelled({ ...tool }));
  });

  it('a tool whose execute was replaced runs the replacement', async () => {
    const tool = defineTool({ name: 't', description: 'd', input, execute: () => 'original' }) as { -readonly [K in keyof LocalTool]: LocalTool[K] };
    tool.execute = async () => 'replaced';
    expect(await new LocalToolbox([tool]).call('t', {})).toEqual({ content: [{ type: 'text', text: 'replaced' }] });
  });

  it.each(executes)('callToolNow answers as call does (at once when the tool does): %s', async (_name, execute) => {
    const tool = defineTool({ name: 't', description: 'd', input, execute });
    let now: unknown;
    try {
      const answered = callToolNow(new LocalToolbox([tool]), 't', {}, { timeoutMs: 20 });
      now = { result: answered instanceof Promise ? await answered : answered };
    } catch (error) {
      const { name, message } = error as Error;
      now = { error: { name, message } };
    }
    expect(now).toEqual(await outcome(tool));
  });

  it('callToolNow settles a synchronous tool without a promise, and an unknown tool with a throw', () => {
    const tool = defineTool({ name: 't', description: 'd', input, execute: () => 'ok' });
    expect(callToolNow(new LocalToolbox([tool]), 't', {}, {})).toEqual({ content: [{ type: 'text', text: 'ok' }] });
    expect(() => callToolNow(new LocalToolbox([tool]), 'nope', {}, {})).toThrow(/nope/);
  });

  it('callToolNow calls an overriding or replaced call, and any other toolbox, as it is', async () => {
    const tool = defineTool({ name: 't', description: 'd', input, execute: () => 'ok' });
    class Logged extends LocalToolbox {
      override call(...args: Parameters<LocalToolbox['call']>): Promise<ToolResult> {
        return super.call(...args).then((result) => ({ ...result, isError: true }));
      }
    }
    expect(await callToolNow(new Logged([tool]), 't', {}, {})).toEqual({ content: [{ type: 'text', text: 'ok' }], isError: true });
    const replaced = new LocalToolbox([tool]);
    replaced.call = async () => ({ content: [{ type: 'text', text: 'replaced' }] });
    expect(await callToolNow(replaced, 't', {}, {})).toEqual({ content: [{ type: 'text', text: 'replaced' }] });
    const other: Toolbox = { list: () => [], call: async () => ({ content: [{ type: 'text', text: 'other' }] }) };
    expect(await callToolNow(other, 't', {}, {})).toEqual({ content: [{ type: 'text', text: 'other' }] });
  });

  it('a Standard Schema that validates synchronously answers as one that validates through a promise', async () => {
    const schema = (asynchronous: boolean) => ({
      '~standard': {
        version: 1 as const,
        vendor: 'test',
        validate: (value: unknown) => {
          const n = (value as { n?: unknown }).n;
          const result = typeof n === 'number' ? { value: { n: n * 2 } } : { issues: [{ message: 'n must be a number', path: ['n'] }] };
          return asynchronous ? Promise.resolve(result) : result;
        },
        jsonSchema: { input: () => ({ type: 'object', properties: { n: { type: 'number' } } }) },
      },
    });
    for (const args of [{ n: 2 }, { n: 'x' }]) {
      const answers = await Promise.all(
        [false, true].map((asynchronous) => {
          const tool = defineTool({ name: 't', description: 'd', input: schema(asynchronous), execute: (given) => JSON.stringify(given) });
          return new LocalToolbox([tool]).call('t', args);
        }),
      );
      expect(answers[0]).toEqual(answers[1]);
    }
  });
});
