/**
 * A reply that begins a second call after its first (issue 27): streamed and unstreamed turns end
 * the same way. The history holds a well-formed turn (never a reply cut mid-tag) and the model is
 * told that the call it began was not run: unstreamed, the whole reply is corrected ("two actions
 * given, one allowed"); streamed, the stream stops at the first text after the first call, that
 * call runs, and its reply says the rest was not read. Wherever the chunks happen to be cut.
 */
import { describe, expect, it } from 'vitest';
import { createAgent } from '../../src/loop/create-agent.ts';
import { ScriptedModel } from '../../src/testing/scripted-model.ts';
import { addTool, answer, call, collect, ofType, textProtocols, turn } from './helpers.ts';

const tools = [addTool.spec];

describe.each(textProtocols)('a second call begun after the first, over %s', (protocol) => {
  const first = turn(protocol, [call('add', { a: 1, b: 2 })], tools) as string;
  const second = turn(protocol, [call('add', { a: 3, b: 4 })], tools) as string;
  const reply = `${first}\n${second}`;

  const sizes = [1, 3, 8, first.length, first.length + 1, first.length + 3];
  it.each(sizes.map((chunkSize) => [chunkSize]))('streamed in chunks of %i: a well-formed turn, the model told', async (chunkSize) => {
    const model = new ScriptedModel([reply, turn(protocol, [answer('3')])], { chunkSize });
    const { events, result } = await collect(createAgent({ model, tools: [addTool], protocol }).run('add'));
    expect(result.status).toBe('answered');
    const [, assistant, told] = result.transcript;
    expect(told?.role).toBe('user');
    if (ofType(events, 'output-invalid').length === 0) {
      // Stopped after the first call (a line ends with its newline): it ran, and the rest was not read.
      expect(assistant).toEqual({ role: 'assistant', content: protocol === 'line' ? `${first}\n` : first });
      expect(told?.content).toMatch(/not read, and no call in it was run/);
      expect(ofType(events, 'tool-result')).toHaveLength(1);
    } else {
      // The early parse did not take the first call alone: the reply was read whole and corrected, as unstreamed.
      expect(assistant).toEqual({ role: 'assistant', content: reply });
      expect(told?.content).toMatch(/one allowed|one action|one decision|one call/i);
    }
  });
});

// Unstreamed, for the protocols whose parser rejects a reply with two calls. (The envelope parser
// reads the first of two top-level objects and ignores the second: a parser matter, not the loop's.)
describe.each(['json', 'xml', 'line'] as const)('a second call begun after the first, unstreamed, over %s', (protocol) => {
  const first = turn(protocol, [call('add', { a: 1, b: 2 })], tools) as string;
  const reply = `${first}\n${turn(protocol, [call('add', { a: 3, b: 4 })], tools) as string}`;

  it('the whole reply in the history, corrected: two actions given, one allowed', async () => {
    const model = new ScriptedModel([reply, first, turn(protocol, [answer('3')])]);
    const { result } = await collect(createAgent({ model, tools: [addTool], protocol, stream: false }).run('add'));
    expect(result.status).toBe('answered');
    expect(result.transcript[1]).toEqual({ role: 'assistant', content: reply });
    expect(result.transcript[2]?.content).toMatch(/one allowed|one action|one decision|one call/i);
  });
});
