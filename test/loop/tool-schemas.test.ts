/**
 * A tool whose input schema reins cannot use (not valid JSON Schema, too large, a pattern the
 * linear-time engine cannot run) is withheld and reported; the run goes on with the other tools,
 * even when they come from the same Toolbox. It is never the model's fault, and never every run's.
 */
import { describe, expect, it } from 'vitest';
import type { ToolSpec } from '../../src/spec/decision.ts';
import { ToolWithheldError } from '../../src/errors/tool-withheld-error.ts';
import { createAgent } from '../../src/loop/create-agent.ts';
import { ScriptedModel } from '../../src/testing/scripted-model.ts';
import { textResult, type Toolbox } from '../../src/tools/toolbox.ts';
import { addTool, answer, call, collect, ofType, turn } from './helpers.ts';

/** A Toolbox as an MCP server would present it: specs come from elsewhere and are not checked on the way in. */
function serverToolbox(tools: () => ToolSpec[]): Toolbox & { calls: string[] } {
  const calls: string[] = [];
  return { calls, list: tools, call: async (name) => (calls.push(name), textResult(`ran ${name}`)) };
}

const brokenSpec: ToolSpec = {
  name: 'search_docs',
  description: 'Searches the docs.',
  inputSchema: { type: 'object', properties: { query: { type: 'strin' } }, required: ['query'] },
};
const lookupSpec: ToolSpec = { name: 'lookup', description: 'Looks up.', inputSchema: { type: 'object', properties: { word: { type: 'string' } } } };

describe.each(['json', 'native'] as const)('a broken tool schema over %s', (protocol) => {
  it('withholds that tool, reports it at run-start, and the run uses the other tools of the same toolbox', async () => {
    const model = new ScriptedModel(
      [turn(protocol, [call('lookup', { word: 'x' })]), turn(protocol, [call('add', { a: 1, b: 2 })]), turn(protocol, [answer('3')])],
      { supportsTools: protocol === 'native' },
    );
    const server = serverToolbox(() => [brokenSpec, lookupSpec]);
    const { events, result } = await collect(createAgent({ model, tools: [addTool, server], protocol }).run('find x'));

    expect(result.status).toBe('answered');
    expect(server.calls).toEqual(['lookup']);
    const [start] = ofType(events, 'run-start');
    expect(start?.tools.map((tool) => tool.name)).toEqual(['add', 'lookup']);
    const [notice] = start?.toolNotices ?? [];
    expect(notice).toMatchObject({ type: 'tool-withhold', tool: 'search_docs' });
    const error = notice?.type === 'tool-withhold' ? notice.error : undefined;
    expect(ToolWithheldError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ reason: 'invalid-schema', toolName: 'search_docs', fault: 'user' });
    if (protocol === 'native') expect(model.calls[0]?.tools?.map((tool) => tool.name)).toEqual(['add', 'lookup', 'ask_user', 'answer_user']);
  });
});

describe('tool schemas that change during a run', () => {
  it('a broken schema that appears later is withheld; the run goes on', async () => {
    let listed: ToolSpec[] = [];
    const toolbox = serverToolbox(() => listed);
    const model = new ScriptedModel([
      (_request) => {
        listed = [brokenSpec];
        return turn('json', [call('add', { a: 1, b: 1 })], [addTool.spec]) as string;
      },
      turn('json', [call('search_docs', { query: 'x' })]),
      turn('json', [answer('2')]),
    ]);
    const { events, result } = await collect(createAgent({ model, tools: [addTool, toolbox], protocol: 'json' }).run('1+1'));
    expect(result.status).toBe('answered');
    expect(toolbox.calls).toEqual([]);
    expect(ofType(events, 'output-invalid')[0]).toMatchObject({ kind: 'unknown-tool' });
    expect(model.calls).toHaveLength(3);
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
