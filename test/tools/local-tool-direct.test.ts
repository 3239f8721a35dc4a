/**
 * The local toolbox runs a `defineTool` tool's own `execute` directly, so a synchronous answer
 * settles the call at once. The outcome must equal running the tool's promise-returning `execute`
 * (a copy of the tool takes that path): every kind of result, throw, rejection, timeout and cancel.
 */
import { describe, expect, it } from 'vitest';
import { ToolExecutionError } from '../../src/errors/tool-execution-error.ts';
import { defineTool, type LocalTool } from '../../src/tools/define-tool.ts';
import { LocalToolbox } from '../../src/tools/local-toolbox.ts';

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
});
