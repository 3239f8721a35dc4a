import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/errors/config-error.ts';
import { createAgent } from '../../src/loop/create-agent.ts';
import { ScriptedModel } from '../../src/testing/scripted-model.ts';
import { defineTool } from '../../src/tools/define-tool.ts';
import { textResult, type Toolbox } from '../../src/tools/toolbox.ts';
import { addTool, answer, call, collect, ofType, requestText } from './helpers.ts';

const remote: Toolbox = {
  list: () => [{ name: 'remote_echo', description: 'Echoes remotely.', inputSchema: { type: 'object', properties: { text: { type: 'string' } } } }],
  call: async (_name, args) => textResult(`remote says ${String(args.text)}`),
  instructions: () => ['The remote server speaks only lowercase.'],
};

describe('the tools option', () => {
  it('accepts local tools and a Toolbox together; toolbox instructions reach the system prompt', async () => {
    const model = new ScriptedModel([JSON.stringify(call('remote_echo', { text: 'hi' })), JSON.stringify(call('add', { a: 1, b: 1 })), JSON.stringify(answer('ok'))]);
    const { events } = await collect(createAgent({ model, tools: [addTool, remote], protocol: 'json', system: 'You are terse.' }).run('q'));
    expect(ofType(events, 'run-start')[0]?.tools.map((tool) => tool.name)).toEqual(['add', 'remote_echo']);
    expect(ofType(events, 'tool-result').map((event) => event.observation)).toEqual([
      expect.stringContaining('remote says hi'),
      expect.stringContaining('2'),
    ]);
    const system = model.calls[0]?.system ?? '';
    expect(system.startsWith('You are terse.')).toBe(true);
    expect(system).toContain('The remote server speaks only lowercase.');
    expect(requestText(model.calls[0]!)).toContain('remote_echo');
  });

  it('rejects duplicate tool names and entries that are not tools', () => {
    const model = new ScriptedModel([]);
    expect(() => createAgent({ model, tools: [addTool, addTool] })).toThrow(ConfigError);
    expect(() => createAgent({ model, tools: [{ name: 'x' } as never] })).toThrow(ConfigError);
  });

  it('emits tool-progress events reported by a tool', async () => {
    const work = defineTool({
      name: 'work',
      description: 'Works in two parts.',
      input: { type: 'object', properties: {} },
      execute: (_args, { reportProgress }) => {
        reportProgress({ progress: 1, total: 2, message: 'half' });
        return 'done';
      },
    });
    const model = new ScriptedModel([JSON.stringify(call('work', {})), JSON.stringify(answer('ok'))]);
    const { events } = await collect(createAgent({ model, tools: [work], protocol: 'json' }).run('q'));
    const types = events.map((event) => event.type);
    expect(ofType(events, 'tool-progress')[0]).toMatchObject({ tool: 'work', progress: { progress: 1, total: 2, message: 'half' } });
    expect(types.indexOf('tool-progress')).toBeGreaterThan(types.indexOf('tool-call'));
    expect(types.indexOf('tool-progress')).toBeLessThan(types.indexOf('tool-result'));
  });
});
