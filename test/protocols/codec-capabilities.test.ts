/**
 * What each codec says about its protocol, so the loop never asks for a protocol's name: how the
 * history is kept, whether thoughts stream, whether tools travel natively, how to ask for only an
 * answer, and the typed outcome "the model reports failure".
 */
import { describe, expect, it } from 'vitest';
import type { ToolSpec } from '../../src/spec/decision.ts';
import type { ModelMessage } from '../../src/spec/model.ts';
import { protocols } from '../../src/protocols/get-codec.ts';

const tools: ToolSpec[] = [{ name: 'add', inputSchema: { type: 'object', properties: { a: { type: 'number' } } } }];
const calls = [{ id: 'c1', name: 'add', arguments: { a: 1 } }];

describe('codec capabilities', () => {
  it('names a history strategy per codec: tool messages for native, text for the others', () => {
    const kinds = Object.fromEntries(Object.entries(protocols).map(([name, codec]) => [name, codec.history.kind]));
    expect(kinds).toEqual({ native: 'tool-messages', json: 'text', envelope: 'text', xml: 'text', line: 'text' });
  });

  it('text history: the assistant turn is its text, every reply of a turn one user message', () => {
    const messages: ModelMessage[] = [];
    const history = protocols.json.history;
    history.appendTurn(messages, 'raw', calls);
    expect(history.appendReplies(messages, calls, [{ content: 'one', callId: 'c1' }, { content: '' }, { content: 'two' }])).toEqual([]);
    expect(messages).toEqual([
      { role: 'assistant', content: 'raw' },
      { role: 'user', content: 'one\n\ntwo' },
    ]);
  });

  it('tool-message history: each call answered by its tool message; open calls are returned without a placeholder', () => {
    const two = [...calls, { id: 'c2', name: 'add', arguments: {} }];
    const messages: ModelMessage[] = [];
    const history = protocols.native.history;
    history.appendTurn(messages, '', two);
    expect(history.appendReplies(messages, two, [{ content: 'r2', callId: 'c2', isError: true }])).toEqual([two[0]]);
    expect(messages).toEqual([
      { role: 'assistant', content: '', toolCalls: two },
      { role: 'tool', toolCallId: 'c2', toolName: 'add', content: 'r2', isError: true },
    ]);
    history.appendReplies(messages, two, [], { content: 'Not run.', isError: true });
    expect(messages.slice(2).map((message) => message.content)).toEqual(['Not run.', 'Not run.']);
  });

  it('only the turn that ends the run is answered differently: native answers its calls, text adds nothing', () => {
    const native: ModelMessage[] = [];
    protocols.native.history.appendAnswered(native, calls, [], { content: 'Answer delivered to the user.' });
    expect(native).toEqual([{ role: 'tool', toolCallId: 'c1', toolName: 'add', content: 'Answer delivered to the user.' }]);
    const text: ModelMessage[] = [];
    protocols.xml.history.appendAnswered(text, calls, [], { content: 'Answer delivered to the user.' });
    expect(text).toEqual([]);
  });

  it('streams thoughts where the protocol carries them (envelope, xml), and only there', () => {
    const streaming = Object.entries(protocols).filter(([, codec]) => codec.thoughtStream !== undefined).map(([name]) => name);
    expect(streaming.sort()).toEqual(['envelope', 'xml']);
  });

  it('sends tools natively only for native; asks for a plain answer in each protocol own shape', () => {
    expect(Object.entries(protocols).filter(([, codec]) => codec.requestTools).map(([name]) => name)).toEqual(['native']);
    expect(protocols.native.answerOnly()).toBe('Reply with your answer as plain text.');
    for (const codec of [protocols.json, protocols.envelope, protocols.xml, protocols.line]) {
      const shape = codec.answerOnly();
      const example = shape.slice(shape.indexOf('\n') + 1);
      const parsed = codec.parse(example, { tools });
      expect(parsed.success && parsed.decision).toEqual(expect.objectContaining({ action: 'answer_user', answer: '...' }));
    }
  });
});

describe('the parse outcome "the model reports failure"', () => {
  it('envelope ERROR_INTERNAL is a valid answer that reports failure, with its status', () => {
    const text = JSON.stringify({ status: 'ERROR_INTERNAL', thoughts: [], actions: [], final_response: 'The disk is full.' });
    const parsed = protocols.envelope.parse(text, { tools });
    expect(parsed.success && parsed.decision).toEqual({ action: 'answer_user', answer: 'The disk is full.' });
    expect(parsed.success && parsed.reportsFailure).toEqual({ status: 'ERROR_INTERNAL' });
  });

  it('no other status, and no other protocol, reports failure', () => {
    const ok = JSON.stringify({ status: 'SUCCESS_FINAL', thoughts: [], actions: [], final_response: 'Done.' });
    const parsed = protocols.envelope.parse(ok, { tools });
    expect(parsed.success && 'reportsFailure' in parsed).toBe(false);
    for (const codec of [protocols.json, protocols.xml, protocols.line, protocols.native]) {
      const answer = codec.render({ decisions: [{ action: 'answer_user', answer: 'ERROR_INTERNAL' }] });
      const result = codec.parse(answer, { tools });
      expect(result.success, codec.name).toBe(true);
      expect(result.success && result.reportsFailure, codec.name).toBeUndefined();
    }
  });
});
