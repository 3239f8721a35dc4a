import { describe, expect, it } from 'vitest';
import { createAgent } from '../../src/loop/create-agent.ts';
import { ScriptedModel } from '../../src/testing/scripted-model.ts';
import { addTool, allProtocols, answer, call, collect, ofType, turn, weatherTool } from './helpers.ts';

describe.each(allProtocols)('a tool call then an answer over %s', (protocol) => {
  it('runs the tool, feeds the observation back and ends answered', async () => {
    const tools = [addTool.spec, weatherTool.spec];
    const model = new ScriptedModel([turn(protocol, [call('add', { a: 2, b: 3 })], tools), turn(protocol, [answer('It is 5.')], tools)], {
      supportsTools: protocol === 'native',
    });
    const agent = createAgent({ model, tools: [addTool, weatherTool], protocol });
    const { events, result } = await collect(agent.run('What is 2 + 3?'));

    expect(result.status).toBe('answered');
    expect(result.answer).toBe('It is 5.');
    expect(result.steps).toBe(2);
    expect(ofType(events, 'tool-result')[0]?.result.content).toEqual([{ type: 'text', text: '5' }]);
    // the second request carries the observation of the first call
    const second = model.calls[1];
    const lastMessages = second?.messages.slice(-1) ?? [];
    expect(lastMessages[0]?.role).toBe(protocol === 'native' ? 'tool' : 'user');
    expect(lastMessages[0]?.content).toContain('5');
    model.assertComplete();
  });
});

describe('protocol auto', () => {
  it('picks native for a model with tool support and json otherwise', () => {
    const withTools = new ScriptedModel([], { supportsTools: true });
    const without = new ScriptedModel([], { supportsTools: false });
    expect(createAgent({ model: withTools }).protocol).toBe('native');
    expect(createAgent({ model: without }).protocol).toBe('json');
  });
});

describe('history and usage', () => {
  it('sums the usage reported by every model call and keeps the transcript (generate path)', async () => {
    const model = new ScriptedModel([
      { text: JSON.stringify(call('add', { a: 1, b: 1 })), usage: { inputTokens: 10, outputTokens: 3 } },
      { text: JSON.stringify(answer('2')), usage: { inputTokens: 20, outputTokens: 2 } },
    ]);
    const { events, result } = await collect(createAgent({ model, tools: [addTool], protocol: 'json', stream: false }).run('1+1?'));
    expect(result.usage).toEqual({ inputTokens: 30, outputTokens: 5 });
    expect(ofType(events, 'run-end')[0]?.usage).toEqual({ inputTokens: 30, outputTokens: 5 });
    expect(ofType(events, 'decision').map((event) => event.usage)).toEqual([
      { inputTokens: 10, outputTokens: 3 },
      { inputTokens: 20, outputTokens: 2 },
    ]);
    expect(result.transcript.map((message) => message.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
  });

  it('native: every tool call of the assistant is answered by a tool message', async () => {
    const model = new ScriptedModel([
      { toolCalls: [{ id: 'c1', name: 'add', arguments: { a: 1, b: 2 } }] },
      { toolCalls: [{ id: 'c2', name: 'answer_user', arguments: { answer: '3' } }] },
    ]);
    const { result } = await collect(createAgent({ model, tools: [addTool], protocol: 'native' }).run('1+2?'));
    expect(result.answer).toBe('3');
    const calls = result.transcript.flatMap((message) => (message.role === 'assistant' ? (message.toolCalls ?? []) : []));
    const answered = result.transcript.flatMap((message) => (message.role === 'tool' ? [message.toolCallId] : []));
    expect(answered).toEqual(calls.map((toolCall) => toolCall.id));
    expect(model.calls[0]?.tools?.map((tool) => tool.name)).toEqual(['add', 'ask_user', 'answer_user']);
  });
});
