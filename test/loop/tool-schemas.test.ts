/**
 * A tool whose input schema is not valid JSON Schema is the tool author's error: the run ends with a
 * ConfigError naming the tool before the model is asked, not with RetriesExhaustedError after it.
 */
import { describe, expect, it } from 'vitest';
import type { ToolSpec } from '../../src/decision.ts';
import { ConfigError } from '../../src/errors/config-error.ts';
import { createAgent } from '../../src/loop/create-agent.ts';
import { ScriptedModel } from '../../src/testing/scripted-model.ts';
import { textResult, type Toolbox } from '../../src/tools/toolbox.ts';
import { addTool, answer, call, collect, ofType, turn } from './helpers.ts';

/** A Toolbox as an MCP server would present it: specs come from elsewhere and are not checked on the way in. */
function serverToolbox(tools: () => ToolSpec[]): Toolbox {
  return { list: tools, call: async (name) => textResult(`ran ${name}`) };
}

const brokenSpec: ToolSpec = {
  name: 'search_docs',
  description: 'Searches the docs.',
  inputSchema: { type: 'object', properties: { query: { type: 'strin' } }, required: ['query'] },
};

describe.each(['json', 'native'] as const)('a broken tool schema over %s', (protocol) => {
  it('ends the run with a ConfigError naming the tool before the first model call', async () => {
    const model = new ScriptedModel([turn(protocol, [call('search_docs', { query: 'x' })]), turn(protocol, [answer('x')])], {
      supportsTools: protocol === 'native',
    });
    const tools = [addTool, serverToolbox(() => [brokenSpec])];
    const { events, result } = await collect(createAgent({ model, tools, protocol }).run('find x'));

    expect(result.status).toBe('failed');
    expect(ConfigError.isInstance(result.error)).toBe(true);
    expect(result.error?.fault).toBe('user');
    expect(result.error?.message).toContain('Tool search_docs has an invalid input JSON Schema');
    expect(model.calls).toHaveLength(0);
    expect(ofType(events, 'model-request')).toHaveLength(0);
    expect(ofType(events, 'run-end')[0]?.error).toBe(result.error);
  });
});

describe('tool schemas that change during a run', () => {
  it('a broken schema that appears later ends the run before the next model call', async () => {
    let listed: ToolSpec[] = [];
    const toolbox = serverToolbox(() => listed);
    const model = new ScriptedModel([
      (_request) => {
        listed = [brokenSpec];
        return turn('json', [call('add', { a: 1, b: 1 })], [addTool.spec]) as string;
      },
      turn('json', [answer('2')]),
    ]);
    const { result } = await collect(createAgent({ model, tools: [addTool, toolbox], protocol: 'json' }).run('1+1'));
    expect(result.error?.message).toContain('search_docs');
    expect(ConfigError.isInstance(result.error)).toBe(true);
    expect(model.calls).toHaveLength(1);
    expect(result.steps).toBe(2);
  });

  it('valid schemas of a Toolbox pass and are used to validate arguments', async () => {
    const good: ToolSpec = { ...brokenSpec, inputSchema: { type: 'object', properties: { query: { type: 'string' } }, required: ['query'] } };
    const model = new ScriptedModel([
      turn('json', [call('search_docs', { query: 1 })], [good]),
      turn('json', [call('search_docs', { query: 'x' })], [good]),
      turn('json', [answer('found')]),
    ]);
    const { events, result } = await collect(createAgent({ model, tools: [serverToolbox(() => [good])], protocol: 'json' }).run('find'));
    expect(result.status).toBe('answered');
    expect(ofType(events, 'output-invalid')[0]?.kind).toBe('invalid-args');
  });
});
