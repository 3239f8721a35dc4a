import { describe, expect, it } from 'vitest';
import { createAgent } from '../../src/loop/create-agent.ts';
import { ScriptedModel } from '../../src/testing/scripted-model.ts';
import { addTool, collect, ofType, weatherTool } from './helpers.ts';

describe('native protocol', () => {
  it('runs native tool calls, answers each with a tool message, and takes plain text as the answer', async () => {
    const model = new ScriptedModel([
      { toolCalls: [{ id: 'w1', name: 'weather', arguments: { city: 'Oslo' } }] },
      { text: 'Sunny, 21 degrees.' },
    ]);
    const { events, result } = await collect(createAgent({ model, tools: [addTool, weatherTool], protocol: 'native' }).run('Weather in Oslo?'));
    expect(result.answer).toBe('Sunny, 21 degrees.');
    expect(ofType(events, 'tool-call')[0]).toMatchObject({ callId: 'w1', tool: 'weather', args: { city: 'Oslo' } });
    expect(model.calls[1]?.messages.slice(1)).toEqual([
      { role: 'assistant', content: '', toolCalls: [{ id: 'w1', name: 'weather', arguments: { city: 'Oslo' } }] },
      expect.objectContaining({ role: 'tool', toolCallId: 'w1', toolName: 'weather' }),
    ]);
    expect(model.calls[1]?.messages.at(-1)?.content).toContain('sunny');
    expect(model.calls[0]?.toolChoice).toBe('auto');
  });

  it('an invalid call is answered with the correction as a tool message, keeping history balanced', async () => {
    const model = new ScriptedModel([
      { toolCalls: [{ id: 'bad', name: 'add', arguments: { a: 'x', b: 1 } }] },
      { toolCalls: [{ id: 'good', name: 'add', arguments: { a: 1, b: 1 } }] },
      { text: '2' },
    ]);
    const { events, result } = await collect(createAgent({ model, tools: [addTool], protocol: 'native' }).run('1+1'));
    expect(result.answer).toBe('2');
    const correction = ofType(events, 'output-invalid')[0]!.correction;
    expect(model.calls[1]?.messages.at(-1)).toEqual({ role: 'tool', toolCallId: 'bad', toolName: 'add', content: correction, isError: true });
  });

  it('two calls with maxActionsPerTurn 2 run in order and both are answered', async () => {
    const model = new ScriptedModel([
      {
        toolCalls: [
          { id: 'a', name: 'add', arguments: { a: 1, b: 2 } },
          { id: 'b', name: 'add', arguments: { a: 3, b: 4 } },
        ],
      },
      { text: '3 and 7' },
    ]);
    const { events } = await collect(createAgent({ model, tools: [addTool], protocol: 'native', maxActionsPerTurn: 2 }).run('sums'));
    expect(ofType(events, 'tool-result').map((event) => [event.callId, event.observation.includes(event.callId === 'a' ? '3' : '7')])).toEqual([
      ['a', true],
      ['b', true],
    ]);
    expect(model.calls[1]?.messages.slice(-2).map((message) => message.role === 'tool' && message.toolCallId)).toEqual(['a', 'b']);
  });
});
