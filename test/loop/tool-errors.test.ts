import { describe, expect, it } from 'vitest';
import { ToolExecutionError } from '../../src/errors/tool-execution-error.ts';
import { createAgent } from '../../src/loop/create-agent.ts';
import { ScriptedModel } from '../../src/testing/scripted-model.ts';
import { defineTool } from '../../src/tools/define-tool.ts';
import { errorResult } from '../../src/tools/toolbox.ts';
import { allProtocols, answer, call, collect, ofType, turn } from './helpers.ts';

const broken = defineTool({
  name: 'fetch_page',
  description: 'Fetches a page.',
  input: { type: 'object', properties: { url: { type: 'string' } }, required: ['url'] },
  execute: () => {
    throw new Error('connection refused');
  },
});
const reportsError = defineTool({
  name: 'lookup',
  description: 'Looks a key up.',
  input: { type: 'object', properties: { key: { type: 'string' } }, required: ['key'] },
  execute: ({ key }) => errorResult(`no entry for ${String(key)}`),
});

describe.each(allProtocols)('tool failures over %s', (protocol) => {
  it('a throwing tool becomes a tool-error whose observation the model reads next', async () => {
    const tools = [broken.spec];
    const model = new ScriptedModel([turn(protocol, [call('fetch_page', { url: 'http://x' })], tools), turn(protocol, [answer('Could not fetch.')], tools)], {
      supportsTools: protocol === 'native',
    });
    const { events, result } = await collect(createAgent({ model, tools: [broken], protocol }).run('Fetch x'));

    expect(result.status).toBe('answered');
    const toolError = ofType(events, 'tool-error')[0];
    expect(ToolExecutionError.isInstance(toolError?.error)).toBe(true);
    expect(toolError?.observation).toContain('connection refused');
    const fedBack = model.calls[1]?.messages.at(-1);
    expect(fedBack?.content).toContain('connection refused');
    if (fedBack?.role === 'tool') expect(fedBack.isError).toBe(true);
  });

  it('an isError result is fed back as a result the model can correct', async () => {
    const tools = [reportsError.spec];
    const model = new ScriptedModel([turn(protocol, [call('lookup', { key: 'zz' })], tools), turn(protocol, [answer('Unknown key.')], tools)], {
      supportsTools: protocol === 'native',
    });
    const { events } = await collect(createAgent({ model, tools: [reportsError], protocol }).run('Look zz up'));
    expect(ofType(events, 'tool-result')[0]?.result.isError).toBe(true);
    expect(model.calls[1]?.messages.at(-1)?.content).toContain('no entry for zz');
  });
});
