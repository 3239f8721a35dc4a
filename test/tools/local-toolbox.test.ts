import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/errors/config-error.ts';
import { InternalError } from '../../src/errors/internal-error.ts';
import { ToolExecutionError } from '../../src/errors/tool-execution-error.ts';
import { ToolNotFoundError } from '../../src/errors/tool-not-found-error.ts';
import { ToolTimeoutError } from '../../src/errors/tool-timeout-error.ts';
import { defineTool, type LocalTool } from '../../src/tools/define-tool.ts';
import { LocalToolbox } from '../../src/tools/local-toolbox.ts';
import type { ToolProgress } from '../../src/tools/toolbox.ts';
import { runToolboxContract } from './toolbox-contract.ts';

const empty = { type: 'object', properties: {} };

describe('LocalToolbox', () => {
  it('lists specs and rejects duplicate names', () => {
    const a = defineTool({ name: 'a', description: 'A.', input: empty, execute: () => 'a' });
    expect(new LocalToolbox([a]).list()).toEqual([a.spec]);
    expect(() => new LocalToolbox([a, a])).toThrow(ConfigError);
  });

  it('compiles the schema of a hand-made LocalTool and rejects a broken one with ConfigError', () => {
    const good = defineTool({ name: 'good', description: 'G.', input: empty, execute: () => 'g' });
    const handMade: LocalTool = { ...good, spec: { name: 'hand', description: 'H.', inputSchema: { type: 'object', required: 'n' } } };
    expect(() => new LocalToolbox([good, handMade])).toThrow(/Tool hand has an invalid input JSON Schema/);
  });

  it('a result that cannot be normalised is an InternalError, not a tool failure', async () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    const tools = [
      defineTool({ name: 'big', description: 'B.', input: empty, execute: () => ({ n: 10n }) }),
      defineTool({ name: 'loop', description: 'L.', input: empty, execute: () => cyclic }),
    ];
    for (const name of ['big', 'loop']) {
      const error = await new LocalToolbox(tools).call(name, {}).catch((caught: unknown) => caught);
      expect(InternalError.isInstance(error)).toBe(true);
      expect(error).toMatchObject({ fault: 'internal', where: `tool ${name} result` });
      expect((error as InternalError).cause).toBeInstanceOf(TypeError);
      expect((error as Error).message).toContain(`Tool ${name} returned a value that cannot become a tool result`);
    }
  });

  it('rejects an unknown tool with ToolNotFoundError naming the available ones', async () => {
    const a = defineTool({ name: 'a', description: 'A.', input: empty, execute: () => 'a' });
    const error = await new LocalToolbox([a]).call('b', {}).catch((caught: unknown) => caught);
    expect(ToolNotFoundError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ toolName: 'b', availableTools: ['a'] });
  });

  it('wraps a throw in ToolExecutionError with the cause', async () => {
    const cause = new Error('disk full');
    const tool = defineTool({ name: 'w', description: 'W.', input: empty, execute: () => Promise.reject(cause) });
    const error = await new LocalToolbox([tool]).call('w', {}).catch((caught: unknown) => caught);
    expect(ToolExecutionError.isInstance(error)).toBe(true);
    expect((error as ToolExecutionError).cause).toBe(cause);
    expect((error as Error).message).toContain('disk full');
  });

  it('times out, aborting the signal the tool got', async () => {
    let seen: AbortSignal | undefined;
    const tool = defineTool({
      name: 'slow',
      description: 'Slow.',
      input: empty,
      execute: (_args, { signal }) => {
        seen = signal;
        return new Promise<string>(() => {});
      },
    });
    const error = await new LocalToolbox([tool]).call('slow', {}, { timeoutMs: 20 }).catch((caught: unknown) => caught);
    expect(ToolTimeoutError.isInstance(error)).toBe(true);
    expect(seen?.aborted).toBe(true);
    expect(ToolTimeoutError.isInstance(seen?.reason)).toBe(true);
  });

  it('passes the caller signal through and rejects with its reason', async () => {
    const controller = new AbortController();
    const tool = defineTool({
      name: 'wait',
      description: 'Waits.',
      input: empty,
      execute: () => {
        controller.abort(new Error('stop'));
        return new Promise<string>(() => {});
      },
    });
    await expect(new LocalToolbox([tool]).call('wait', {}, { signal: controller.signal })).rejects.toThrow('stop');
  });

  it('reports progress through onProgress', async () => {
    const tool = defineTool({
      name: 'p',
      description: 'P.',
      input: empty,
      execute: (_args, { reportProgress }) => {
        reportProgress({ progress: 1, total: 2 });
        reportProgress({ progress: 2, total: 2, message: 'done' });
        return 'ok';
      },
    });
    const progress: ToolProgress[] = [];
    await new LocalToolbox([tool]).call('p', {}, { onProgress: (update) => progress.push(update) });
    expect(progress).toEqual([{ progress: 1, total: 2 }, { progress: 2, total: 2, message: 'done' }]);
  });
});

runToolboxContract('LocalToolbox', {
  newToolbox: () => ({
    toolbox: new LocalToolbox([
      defineTool({
        name: 'echo',
        description: 'Echoes the message.',
        input: { type: 'object', properties: { message: { type: 'string' } }, required: ['message'] },
        execute: ({ message }) => `Echo: ${String(message)}`,
      }),
    ]),
    echo: 'echo',
  }),
});
