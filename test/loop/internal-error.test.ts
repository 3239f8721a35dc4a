/**
 * A bug-like throw inside the loop (a codec that throws, a tool result that cannot be normalised or
 * rendered) ends the run with InternalError (fault `internal`) carrying the cause, never ConfigError.
 */
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/errors/config-error.ts';
import { InternalError } from '../../src/errors/internal-error.ts';
import { createAgent } from '../../src/loop/create-agent.ts';
import type { Codec } from '../../src/protocols/codec.ts';
import { getCodec } from '../../src/protocols/index.ts';
import { MemoryStore } from '../../src/sessions/memory-store.ts';
import { ScriptedModel } from '../../src/testing/scripted-model.ts';
import { defineTool } from '../../src/tools/define-tool.ts';
import { addTool, answer, call, collect, ofType, turn } from './helpers.ts';

const json = getCodec('json');

function expectInternal(error: unknown, cause: unknown): void {
  expect(InternalError.isInstance(error)).toBe(true);
  expect(ConfigError.isInstance(error)).toBe(false);
  expect(error).toMatchObject({ name: 'Reins_InternalError', fault: 'internal' });
  expect((error as InternalError).cause).toBe(cause);
}

describe('InternalError for failures that are bugs', () => {
  it('a codec whose parse throws', async () => {
    const bug = new TypeError("Cannot read properties of undefined (reading 'action')");
    const codec: Codec = {
      ...json,
      parse: () => {
        throw bug;
      },
    };
    const model = new ScriptedModel([turn('json', [answer('x')])]);
    const { events, result } = await collect(createAgent({ model, protocol: codec }).run('q'));
    expect(result.status).toBe('failed');
    expectInternal(result.error, bug);
    expect(result.error?.message).toContain("reading 'action'");
    expect(ofType(events, 'run-end')[0]?.error).toBe(result.error);
  });

  it('a codec whose observation throws on a tool result', async () => {
    const bug = new RangeError('Invalid string length');
    const codec: Codec = {
      ...json,
      observation: () => {
        throw bug;
      },
    };
    const model = new ScriptedModel([turn('json', [call('add', { a: 1, b: 2 })], [addTool.spec]), turn('json', [answer('3')])]);
    const { events, result } = await collect(createAgent({ model, tools: [addTool], protocol: codec }).run('q'));
    expectInternal(result.error, bug);
    expect(ofType(events, 'tool-error')).toHaveLength(0);
    expect(model.calls).toHaveLength(1);
  });

  it('a tool result that cannot be normalised ends the run instead of being blamed on the tool', async () => {
    const bigint = defineTool({ name: 'count', description: 'Counts.', input: { type: 'object', properties: {} }, execute: () => ({ total: 2n ** 70n }) });
    const model = new ScriptedModel([turn('json', [call('count', {})], [bigint.spec]), turn('json', [answer('many')])]);
    const { events, result } = await collect(createAgent({ model, tools: [bigint], protocol: 'json' }).run('how many?'));
    expect(result.status).toBe('failed');
    expect(InternalError.isInstance(result.error)).toBe(true);
    expect(result.error?.cause).toBeInstanceOf(TypeError);
    expect(result.error?.message).toContain('Tool count returned a value that cannot become a tool result');
    expect(ofType(events, 'tool-error')).toHaveLength(0);
    expect(model.calls).toHaveLength(1);
  });

  it('a plain throw while the run is set up (a custom store) is an InternalError too', async () => {
    const cause = new Error('disk full');
    class BrokenStore extends MemoryStore {
      override createRun(): Promise<string> {
        return Promise.reject(cause);
      }
    }
    const model = new ScriptedModel([turn('json', [answer('x')])]);
    const { result } = await collect(createAgent({ model, protocol: 'json', store: new BrokenStore() }).run('q'));
    expectInternal(result.error, cause);
    expect(result.error?.message).toBe('The run could not start: disk full');
    expect(model.calls).toHaveLength(0);
  });

  it('a throwing tool is still a tool failure fed back to the model', async () => {
    const flaky = defineTool({
      name: 'flaky',
      description: 'Fails.',
      input: { type: 'object', properties: {} },
      execute: () => {
        throw new TypeError('bug inside the tool');
      },
    });
    const model = new ScriptedModel([turn('json', [call('flaky', {})], [flaky.spec]), turn('json', [answer('it failed')])]);
    const { events, result } = await collect(createAgent({ model, tools: [flaky], protocol: 'json' }).run('q'));
    expect(result.status).toBe('answered');
    expect(ofType(events, 'tool-error')[0]?.error.fault).toBe('tool');
  });
});
