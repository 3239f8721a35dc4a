/**
 * DESIGN §4: an invalid tool name is never echoed raw into a field a provider validates. The calls
 * of a rejected native turn enter the history with a name providers accept.
 */
import { describe, expect, it } from 'vitest';
import { createAgent } from '../../src/loop/create-agent.ts';
import { invalidToolName, safeToolCalls } from '../../src/protocols/tool-message-history.ts';
import type { ModelMessage } from '../../src/spec/model.ts';
import { ScriptedModel } from '../../src/testing/scripted-model.ts';
import { addTool, collect, ofType, weatherTool } from './helpers.ts';

const providerName = /^[a-zA-Z0-9_-]{1,64}$/;
const hostile = `get weather!<script>${'x'.repeat(80)}`;

/** Every tool name in provider-validated fields of these messages. */
function toolNames(messages: readonly ModelMessage[]): string[] {
  return messages.flatMap((message) => {
    if (message.role === 'assistant') return (message.toolCalls ?? []).map((toolCall) => toolCall.name);
    if (message.role === 'tool') return [message.toolName];
    return [];
  });
}

describe('native: a rejected call with an invalid tool name', () => {
  it('reaches the retry request with a sanitized name in the tool call and the tool message', async () => {
    expect(hostile).toHaveLength(100);
    const model = new ScriptedModel([
      { toolCalls: [{ id: 'bad', name: hostile, arguments: { city: 'Oslo' } }] },
      { toolCalls: [{ id: 'good', name: 'weather', arguments: { city: 'Oslo' } }] },
      { text: 'Sunny.' },
    ]);
    const { events, result } = await collect(createAgent({ model, tools: [weatherTool], protocol: 'native' }).run('Weather?'));

    expect(result.answer).toBe('Sunny.');
    expect(ofType(events, 'output-invalid')[0]?.kind).toBe('unknown-tool');
    const retry = model.calls[1]!.messages;
    const names = toolNames(retry);
    expect(names).toHaveLength(2);
    for (const name of names) expect(name).toMatch(providerName);
    expect(names[0]).toBe(names[1]);
    expect(names[0]).toBe('getweatherscriptxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'.slice(0, 64));
    expect(JSON.stringify(retry)).not.toContain('<script>');
    // the pairing by id survives
    expect(retry.at(-1)).toMatchObject({ role: 'tool', toolCallId: 'bad', isError: true });
    // what the model actually did stays visible in the event
    expect(ofType(events, 'model-response')[0]?.toolCalls[0]?.name).toBe(hostile);
    // the next request too (the history is kept as built)
    for (const name of toolNames(model.calls[2]!.messages)) expect(name).toMatch(providerName);
  });

  it('keeps a name providers accept, even when no such tool exists', async () => {
    const model = new ScriptedModel([{ toolCalls: [{ id: 'c1', name: 'get_weather', arguments: {} }] }, { text: 'ok' }]);
    await collect(createAgent({ model, tools: [addTool], protocol: 'native' }).run('q'));
    expect(toolNames(model.calls[1]!.messages)).toEqual(['get_weather', 'get_weather']);
  });
});

describe('safeToolCalls', () => {
  const offered = ['add', 'weather', 'ask_user', 'answer_user'];
  const named = (name: string) => safeToolCalls([{ id: 'i', name, arguments: {} }], offered)[0]!.name;

  it('maps dots and other characters into the provider alphabet', () => {
    expect(named('functions.get_weather')).toBe('functions_get_weather');
    expect(named('a b/c')).toBe('abc');
    expect(named('Ünïcødé')).toBe('ncd');
  });

  it('uses the placeholder when nothing is left or the result would pose as an offered tool', () => {
    expect(named('<>!!')).toBe(invalidToolName);
    expect(named('?')).toBe(invalidToolName);
    expect(named('')).toBe(invalidToolName);
    expect(named('add!')).toBe(invalidToolName);
    expect(named('weather ')).toBe(invalidToolName);
    expect(invalidToolName).toMatch(providerName);
  });

  it('keeps ids and arguments, and leaves valid names alone', () => {
    const calls = [
      { id: 'x1', name: 'add', arguments: { a: 1 } },
      { id: 'x2', name: 'bad name', arguments: '{"raw' },
    ];
    expect(safeToolCalls(calls, offered)).toEqual([calls[0], { id: 'x2', name: 'badname', arguments: '{"raw' }]);
  });
});
